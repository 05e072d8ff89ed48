/**
 * Collects every UI label key: t('...') / t("...") / tk('...') literals and <Trans i18nKey="..."> in
 * src/web, every MSG value, the option lists shown through t(), the report tables' column headings and
 * the seeded navigation titles.
 * Used by the label check (i18n.test.ts) and handy for translators.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '../messages.ts';
import { COOKIE_OPTIN_LABELS, HEARD_OPTIONS, VOCATION_OPTIONS } from '../constants.ts';
import { REPORT_TABLES } from '../reports.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIR = path.resolve(here, '../../web');
export const I18N_DIR = here;
export const TRANSLATED_LANGUAGES = ['es', 'pt', 'fr', 'ar', 'de'] as const;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const unescape = (s: string) => s.replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, '\n');

/** Label literals in one source text. */
export function keysInSource(text: string): string[] {
  const out: string[] = [];
  const call = /(?<![\w.$])(?:i18n\.)?(?:t|tk)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*[,)]/g;
  for (const m of text.matchAll(call)) {
    if (m[1] === '`' && m[2]!.includes('${')) continue;
    out.push(unescape(m[2]!));
  }
  for (const m of text.matchAll(/i18nKey=\{?\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g)) out.push(unescape(m[2]!));
  return out;
}

/** Seeded navigation titles and site texts, when the server's seed is present. */
async function seededLabels(): Promise<string[]> {
  const site = path.resolve(here, '../../server/seed/demo-content/site.ts');
  if (!fs.existsSync(site)) return [];
  try {
    const m = (await import(site)) as {
      navItems?: { title: string }[];
      siteConfig?: { sitetitle?: string; poweredby?: { title: string } };
    };
    return [
      ...(m.navItems ?? []).map((n) => n.title),
      ...(m.siteConfig?.sitetitle ? [m.siteConfig.sitetitle] : []),
      ...(m.siteConfig?.poweredby?.title ? [m.siteConfig.poweredby.title] : []),
    ];
  } catch {
    return [];
  }
}

export async function collectKeys(): Promise<string[]> {
  const keys = new Set<string>();
  for (const file of sourceFiles(WEB_DIR)) for (const k of keysInSource(fs.readFileSync(file, 'utf8'))) keys.add(k);
  for (const v of Object.values(MSG)) keys.add(v);
  for (const v of [...HEARD_OPTIONS, ...VOCATION_OPTIONS, ...Object.values(COOKIE_OPTIN_LABELS)]) keys.add(v);
  for (const c of Object.values(REPORT_TABLES).flat()) keys.add(c.label);
  for (const v of await seededLabels()) keys.add(v);
  for (const v of serverLabels()) keys.add(v);
  keys.delete('');
  return [...keys].sort();
}

/**
 * A language's labels: `<lang>.json` (the shell) merged with `<lang>.<feature>.json` files, so each
 * feature keeps its own label file and parallel work never edits the same one.
 */
export function loadLanguage(lang: string): Record<string, string> {
  const files = fs
    .readdirSync(I18N_DIR)
    .filter((f) => f === `${lang}.json` || (f.startsWith(`${lang}.`) && f.endsWith('.json')))
    .sort();
  return Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(path.join(I18N_DIR, f), 'utf8')) as Record<string, string>));
}

/** Server code whose printed texts are labels too, called as labels('...') or label('...') (the certificate PDF). */
const SERVER_LABEL_FILES = [
  path.resolve(here, '../../server/modules/certificates/certificate.pdf.ts'),
  // Account mails (reset, e-mail change, change notices) in the recipient's language.
  path.resolve(here, '../../server/modules/accounts/mail-templates.ts'),
  path.resolve(here, '../../server/modules/privacy/mail.ts'),
  path.resolve(here, '../../server/modules/privacy/export.ts'),
  // users.csv headers in the admin's language.
  path.resolve(here, '../../server/modules/reports/users.csv.ts'),
  // The admins' page of API calls.
  path.resolve(here, '../../server/openapi.ts'),
];
export function serverLabels(): string[] {
  const out: string[] = [];
  for (const file of SERVER_LABEL_FILES.filter((f) => fs.existsSync(f))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/(?<![\w.])labels?\(\s*'((?:\\.|[^'\\])*)'\s*\)/g)) out.push(unescape(m[1]!));
  }
  return out;
}
