import { useNavigate } from 'react-router';
import { useSession, switchLanguage } from './session.ts';
import { isExternalUrl } from './paths.ts';
import { addStatus } from './status.ts';

/**
 * Switching language: setlang and re-render without a reload; a language redirect from the site
 * config then applies (de to /German; an external address leaves the site).
 */
export function useLanguageSwitch(): (lang: string) => Promise<void> {
  const navigate = useNavigate();
  const { config } = useSession();
  return async (lang: string) => {
    const redirect = config?.langredirects?.[lang];
    if (redirect && isExternalUrl(redirect)) {
      window.location.assign(redirect);
      return;
    }
    try {
      await switchLanguage(lang);
    } catch (err) {
      addStatus('error', (err as Error).message || 'Invalid language');
      return;
    }
    if (redirect) navigate(redirect);
  };
}
