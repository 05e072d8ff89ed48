/**
 * Common passwords, from the maintained list of the zxcvbn-ts project (@zxcvbn-ts/language-common,
 * about 49,000 entries taken from leaked password sets, most common first). Checked without case, so
 * 'Password1!' is as refused as 'password1!'.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** How many passwords the list holds (the checks want at least the 10,000 most common). */
export const commonPasswordCount = () => (dictionary['passwords-common'] as string[]).length;

/**
 * Context-specific words (ASVS 6.1.2 and 6.2.11), the first a targeted guesser tries: the product's and
 * the roles' names below, every word of the site's title, and the account's own first name, last name
 * and the parts of its e-mail address. Listed in decision 008.
 */
export const CONTEXT_WORDS = ['learning', 'platform', 'admin', 'administrator', 'editor', 'instructor', 'learner', 'student'] as const;
/** Shorter words would refuse too much by chance ('ana' in 'banana'). */
const MIN_CONTEXT_WORD = 3;

const lettersOf = (v: string) =>
  v
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();

/** The context words for one account on one site. */
export function contextWords(
  sitetitle: string | undefined,
  person: { email: string; firstname?: string | null; lastname?: string | null },
): string[] {
  const [local = '', domain = ''] = person.email.split('@');
  const parts = [sitetitle ?? '', person.firstname ?? '', person.lastname ?? '', local, domain.split('.')[0] ?? ''].flatMap((p) =>
    lettersOf(p).split(' '),
  );
  return [...new Set([...CONTEXT_WORDS, ...parts].filter((w) => w.length >= MIN_CONTEXT_WORD))];
}

/**
 * Whether the password's letters are nothing but context words ('Nadia-2024!', 'LearningPlatform1!',
 * 'haddad.nadia#7'): digits and symbols around them add little for a guesser who knows the person. A
 * password with other words in it ('Nadia walks to Sintra!') is the person's choice.
 */
export function isContextPassword(password: string, words: readonly string[]): boolean {
  const letters = lettersOf(password).replace(/ /g, '');
  if (!letters) return false;
  // Can `letters` be cut into context words? reach[i]: the first i letters can.
  const reach = new Array<boolean>(letters.length + 1).fill(false);
  reach[0] = true;
  for (let i = 0; i < letters.length; i++) {
    if (!reach[i]) continue;
    for (const w of words) if (letters.startsWith(w, i)) reach[i + w.length] = true;
  }
  return reach[letters.length]!;
}
