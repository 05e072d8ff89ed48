/**
 * A bot-check token for a survey answer, when the site asks for one (site config `botcheck`): loads the
 * provider's reCAPTCHA-compatible script once, on the first submit, and asks it for a token.
 */
interface Grecaptcha {
  ready(cb: () => void): void;
  execute(sitekey: string, opts: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<void> | null = null;

function loadScript(src: string): Promise<void> {
  return (loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      reject(new Error('bot check unavailable'));
    };
    document.head.appendChild(s);
  }));
}

export async function botCheckToken(cfg: { sitekey: string; scriptUrl: string } | undefined): Promise<string | undefined> {
  if (!cfg) return undefined;
  await loadScript(cfg.scriptUrl);
  const g = window.grecaptcha;
  if (!g) throw new Error('bot check unavailable');
  await new Promise<void>((resolve) => g.ready(resolve));
  return g.execute(cfg.sitekey, { action: 'survey' });
}
