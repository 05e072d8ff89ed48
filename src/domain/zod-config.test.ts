import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { LoginFormSchema, PasswordChangeSchema } from './validation.ts';

describe('messages of rules without their own', () => {
  it("say 'Not valid' (translated), not the library's English", () => {
    const r = PasswordChangeSchema.safeParse({ password: 'Valid-pass1!', currentpassword: 'x'.repeat(201) });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['currentpassword', MSG.notValid]]);
  });

  it("keep a rule's own message: a sign-in address too long is not 'required'", () => {
    const long = LoginFormSchema.safeParse({ login: `${'a'.repeat(250)}@example.org`, password: 'x' });
    expect(long.error!.issues.map((i) => i.message)).toEqual([MSG.notValid]);
    const empty = LoginFormSchema.safeParse({ login: '', password: '' });
    expect(empty.error!.issues.map((i) => i.message)).toEqual([MSG.emailRequired, MSG.required]);
  });
});
