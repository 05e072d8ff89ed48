/**
 * The privacy e-mails, in the recipient's language. Every text is a label (English is the key, the
 * translations live in `<lang>.privacy.json` and in the localisation table admins edit); sending is
 * this one function so it can move to a shared mail queue without touching its callers.
 */
import type { AppContext } from '../../context.ts';

export type PrivacyMailKind = 'exportReady' | 'deletionScheduled' | 'deletionCancelled' | 'retentionWarning';
export interface Recipient {
  email: string;
  firstname: string;
  lang: string;
}

function texts(kind: PrivacyMailKind, labels: (english: string) => string): { subject: string; lines: string[] } {
  switch (kind) {
    case 'exportReady':
      return {
        subject: labels('Your data is ready to download'),
        lines: [
          labels('The copy of your data that you asked for is ready.'),
          labels('Download it from this link within 24 hours (you will be asked to sign in):'),
          '{{link}}',
          labels('If you did not ask for a copy of your data, please change your password.'),
        ],
      };
    case 'deletionScheduled':
      return {
        subject: labels('Your account will be deleted'),
        lines: [
          labels('We received your request to delete your account. It will be deleted on {{date}}.'),
          labels('If you change your mind, sign in before then: signing in cancels the deletion.'),
        ],
      };
    case 'deletionCancelled':
      return {
        subject: labels('The deletion of your account was cancelled'),
        lines: [labels('You signed in, so your account will not be deleted.')],
      };
    case 'retentionWarning':
      return {
        subject: labels('Your account will be removed for inactivity'),
        lines: [
          labels('You have not signed in for a long time. Your account and personal data will be removed on {{date}}.'),
          labels('To keep your account, sign in before then.'),
        ],
      };
  }
}

/** Sends one privacy e-mail; `vars` fill the {{placeholders}} (a date as YYYY-MM-DD, a link). */
export async function sendPrivacyMail(
  ctx: AppContext,
  to: Recipient,
  kind: PrivacyMailKind,
  vars: Record<string, string> = {},
): Promise<void> {
  const site = await ctx.site.get();
  const map = site.labels(to.lang);
  const labels = (english: string) => map[english] || english;
  const t = texts(kind, labels);
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => vars[k] ?? '');
  // A function, so a name's `$&` or `$'` is not read as a replacement pattern.
  const greeting = labels('Hello {{name}},').replace('{{name}}', () => to.firstname);
  const text = [greeting, '', ...t.lines.map(fill).flatMap((l) => [l, '']), site.config.sitetitle].join('\n');
  await ctx.mailer.send({ to: to.email, subject: `${site.config.sitetitle}: ${fill(t.subject)}`, text });
}
