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
