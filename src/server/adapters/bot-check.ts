/**
 * The bot check on survey answers (DESIGN: off by default; a reCAPTCHA-compatible verify URL and secret in
 * production). The browser's widget hands the form a token (`grtoken`); the server asks the verify service
 * whether it is good: POST `secret`, `response` (and `remoteip`) form-encoded, answer JSON `{ success }`.
 */

export type BotCheckResult = 'passed' | 'failed' | 'unavailable';

export interface BotCheck {
  /** Whether tokens are checked at all. */
  readonly enabled: boolean;
  /** 'passed' when the check is off or the service vouches for the token; 'unavailable' when it cannot say. */
  verify(token: string | null | undefined, remoteip?: string): Promise<BotCheckResult>;
}

export interface BotCheckOptions {
  verifyUrl?: string;
  secret?: string;
  timeoutMs?: number;
}

export function createBotCheck(opts: BotCheckOptions): BotCheck {
  const { verifyUrl, secret } = opts;
  if (!verifyUrl && !secret) return { enabled: false, verify: async () => 'passed' };
  // Half a configuration would silently switch the check off: refuse to start instead.
  if (!verifyUrl || !secret) throw new Error('BOTCHECK_VERIFY_URL and BOTCHECK_SECRET must be set together');
  if (!/^https?:\/\/[^/\s]+/i.test(verifyUrl)) throw new Error('BOTCHECK_VERIFY_URL must be an http(s) address');
  const timeoutMs = opts.timeoutMs ?? 5000;

  return {
    enabled: true,
    async verify(token, remoteip) {
      // No token means the widget never ran: no need to ask.
      if (!token) return 'failed';
      const form = new URLSearchParams({ secret, response: token });
      if (remoteip) form.set('remoteip', remoteip);
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
          headers: { accept: 'application/json' },
        });
        if (!res.ok) return 'unavailable';
        const data = (await res.json()) as { success?: unknown };
        return data?.success === true ? 'passed' : 'failed';
      } catch {
        // Unreachable, slow or not JSON: we cannot tell a person from a bot, so the answer is not taken.
        return 'unavailable';
      }
    },
  };
}
