import { describe, expect, it } from 'vitest';
import type { User, WhoAmI } from '../../domain/types.ts';
import { effectiveConsent } from './consent.ts';

const who = (user: Partial<User> | null, cookieoptin: WhoAmI['cookieoptin'] = null) =>
  ({ user: user as User | null, cookieoptin }) as WhoAmI;

describe('effectiveConsent', () => {
  it('is prompt until chosen', () => {
    expect(effectiveConsent(undefined, null)).toBe('prompt');
    expect(effectiveConsent(who(null), null)).toBe('prompt');
  });
  it("is the browser's choice for visitors", () => {
    expect(effectiveConsent(who(null), 'optout')).toBe('optout');
  });
  it("is the server's choice for a signed-in user, the browser's while the server says prompt", () => {
    expect(effectiveConsent(who({ _id: 'u' }, { setting: 'optin' }), 'optout')).toBe('optin');
    expect(effectiveConsent(who({ _id: 'u' }, { setting: 'prompt' }), 'optout')).toBe('optout');
    expect(effectiveConsent(who({ _id: 'u' }, { setting: 'prompt' }), null)).toBe('prompt');
  });
});
