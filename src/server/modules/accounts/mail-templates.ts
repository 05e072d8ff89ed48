/**
 * Every mail the server sends to an account holder, in the recipient's language: a plain-text part
 * and an HTML part (right-to-left for Arabic). Texts are labels, each written as a labels() call with its English text, so the label
 * check finds them; {{name}} marks a value. Values that are addresses, codes or links stay
 * left-to-right inside a right-to-left body. Links are built from PUBLIC_URL only, never from a
 * request's Host header.
 */
import type { AppContext } from '../../context.ts';
import type { Mail } from '../../adapters/mailer.ts';
import { shippedTranslations } from '../../seed/labels.ts';

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** One paragraph of a mail: its text, or a link shown as its own address. */
type Part = { text: string } | { link: string };
interface Template {
  subject: string;
  parts: Part[];
}

/** Values shown as they are, left-to-right even in Arabic. */
type Values = Record<string, string>;

function templates(labels: (english: string) => string) {
  const p = (text: string): Part => ({ text });
  const hello = p(labels('Hello {{name}},'));
  const notYou = p(labels('If this was not you, please reset your password at {{reseturl}} and contact us right away.'));
  const t = {
    /** A password reset: the temporary password, which changes nothing until it is used. */
    resetPassword: {
      subject: labels('{{site}}: your temporary password'),
      parts: [
        hello,
        p(labels('Someone (hopefully you) asked to reset the password of your account.')),
        p(labels('Your temporary password is: {{password}}')),
        p(labels('It works only once and only for 30 minutes. Sign in with it here and choose a new password right away:')),
        { link: 'loginurl' },
        p(
          labels(
            'Until then your current password keeps working. If you did not ask for this, you can ignore this message: nothing has changed.',
          ),
        ),
      ],
    },
    /** To the new address: the link that makes it the account's address. */
    confirmEmail: {
      subject: labels('{{site}}: please confirm your new email address'),
      parts: [
        hello,
        p(labels('Please confirm that {{email}} is the new email address of your account by opening this link within 30 minutes:')),
        { link: 'confirmurl' },
        p(labels('Until you confirm, your account keeps its current address. If you did not ask for this, you can ignore this message.')),
      ],
    },
    /** To the old address, while a change is waiting for the new address to confirm. */
    emailChangeRequested: {
      subject: labels('{{site}}: a change of your email address was requested'),
      parts: [
        hello,
        p(
          labels(
            'Someone signed in to your account asked to change its email address to {{email}}. The change takes effect only once the new address confirms it.',
          ),
        ),
        notYou,
      ],
    },
    /** To the old address (and the new one when an administrator made the change). */
    emailChanged: {
      subject: labels('{{site}}: your email address was changed'),
      parts: [hello, p(labels('The email address of your account was changed from {{old}} to {{email}}.')), notYou],
    },
    /** Two-factor sign-in turned on or off (by the user, or off by an administrator). */
    twoFactorOn: {
      subject: labels('{{site}}: two-factor sign-in was turned on'),
      parts: [
        hello,
        p(labels('Two-factor sign-in was turned on for your account: signing in now also asks for a code from your app.')),
        notYou,
      ],
    },
    twoFactorOff: {
      subject: labels('{{site}}: two-factor sign-in was turned off'),
      parts: [hello, p(labels('Two-factor sign-in was turned off for your account: signing in now asks for your password only.')), notYou],
    },
    passwordChanged: {
      subject: labels('{{site}}: your password was changed'),
      parts: [hello, p(labels('The password of your account was changed.')), notYou],
    },
    /** An account an administrator created by importing a file: a temporary password to sign in and set one's own. */
    welcome: {
      subject: labels('{{site}}: your new account'),
      parts: [
        hello,
        p(labels('An account was created for you on {{site}}, with this email address.')),
        p(labels('To start, sign in with this temporary password within 7 days; you will then choose your own password: {{password}}')),
        { link: 'loginurl' },
        p(labels('If you did not expect this, you can ignore this message.')),
      ],
    },
    /** Notices a learner can turn off in their profile. */
    noticeEnrollment: {
      subject: labels('{{site}}: you are enrolled in {{class}}'),
      parts: [
        hello,
        p(labels('Your enrolment in {{class}} is confirmed. You can start here:')),
        { link: 'classurl' },
        p(labels('You can turn off these notices in your profile.')),
      ],
    },
    noticeCertificate: {
      subject: labels('{{site}}: your certificate for {{course}}'),
      parts: [
        hello,
        p(labels('Congratulations! Your certificate for {{course}} has been issued. You can download it here:')),
        { link: 'certurl' },
        p(labels('You can turn off these notices in your profile.')),
      ],
    },
    noticeReply: {
      subject: labels('{{site}}: a reply to your post'),
      parts: [
        hello,
        p(labels('{{author}} replied to your post "{{post}}".')),
        { link: 'posturl' },
        p(labels('You can turn off these notices in your profile.')),
      ],
    },
  } satisfies Record<string, Template>;
  return t;
}

export type MailKind = keyof ReturnType<typeof templates>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Unicode isolates keep an address or a code left-to-right inside right-to-left plain text. */
const LRI = '\u2066';
const PDI = '\u2069';

function fill(text: string, values: Values, wrap: (v: string) => string) {
  return text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? wrap(values[k]!) : m));
}

/** Builds a mail of the given kind in the given language, without sending it. */
export function renderMail(kind: MailKind, lang: string, translations: Record<string, string>, values: Values): Omit<Mail, 'to'> {
  const labels = (english: string) => translations[english]?.trim() || english;
  const tpl: Template = templates(labels)[kind];
  const rtl = RTL_LANGUAGES.has(lang);
  const textValue = (v: string) => (rtl ? `${LRI}${v}${PDI}` : v);
  const htmlValue = (v: string) => `<bdi dir="ltr">${escapeHtml(v)}</bdi>`;
  const subject = fill(tpl.subject, values, (v) => v);
  const textParts = tpl.parts.map((part) => ('link' in part ? textValue(values[part.link] ?? '') : fill(part.text, values, textValue)));
  const htmlParts = tpl.parts.map((part) => {
    if ('link' in part) {
      const url = escapeHtml(values[part.link] ?? '');
      return `<p><a href="${url}" dir="ltr">${url}</a></p>`;
    }
    return `<p>${fill(escapeHtml(part.text), values, htmlValue)}</p>`;
  });
  const dir = rtl ? 'rtl' : 'ltr';
  const html =
    `<!doctype html>\n<html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body dir="${dir}" style="font-family:sans-serif;line-height:1.5;text-align:${rtl ? 'right' : 'left'}">\n${htmlParts.join('\n')}\n</body></html>\n`;
  return { subject, text: `${textParts.join('\n\n')}\n`, html };
}

/** PUBLIC_URL (required in production), or this server on localhost in development and tests. */
export function publicBase(ctx: AppContext): string {
  return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
}

let shipped: Record<string, Record<string, string>> | null = null;

/**
 * Sends an account mail to `to` in `lang`: the shipped translations, with an administrator's edits of
 * the same labels taking precedence.
 */
export async function sendAccountMail(ctx: AppContext, to: string, lang: string, kind: MailKind, values: Values): Promise<void> {
  await ctx.mailer.send({ to, ...(await buildAccountMail(ctx, lang, kind, values)) });
}

/** The mail `sendAccountMail` sends, without queuing it (an import queues thousands in one go). */
export async function buildAccountMail(ctx: AppContext, lang: string, kind: MailKind, values: Values): Promise<Omit<Mail, 'to'>> {
  return (await accountMailRenderer(ctx))(lang, kind, values);
}

/** Renders many account mails with the site's settings and translations read once (an import's welcome mails). */
export async function accountMailRenderer(ctx: AppContext): Promise<(lang: string, kind: MailKind, values: Values) => Omit<Mail, 'to'>> {
  const data = await ctx.site.get();
  shipped ??= shippedTranslations();
  const byLanguage = new Map<string, Record<string, string>>();
  const base = publicBase(ctx);
  return (lang, kind, values) => {
    const language = data.config.publiclanguages?.includes(lang) || lang === 'en' ? lang : data.config.defaultlang;
    let translations = byLanguage.get(language);
    if (!translations) byLanguage.set(language, (translations = { ...(shipped![language] ?? {}), ...data.labels(language) }));
    return renderMail(kind, language, translations, {
      site: data.config.sitetitle ?? '',
      reseturl: `${base}/passwordreset`,
      loginurl: `${base}/login`,
      ...values,
    });
  };
}
