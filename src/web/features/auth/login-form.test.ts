import { describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/messages.ts';
import { LoginFormSchema, LoginSchema } from '../../../domain/validation.ts';
import { zodErrors } from '../../lib/forms.ts';

describe('the sign-in form', () => {
  it('says beside each empty field what is missing', () => {
    expect(zodErrors(LoginFormSchema, { login: ' ', password: '' })).toEqual({ login: MSG.emailRequired, password: MSG.required });
  });

  it('passes what the server takes', () => {
    expect(zodErrors(LoginFormSchema, { login: ' Nina@Example.org ', password: 'x' })).toEqual({});
    expect(LoginSchema.safeParse({ login: ' Nina@Example.org ', password: 'x' }).success).toBe(true);
  });

  it('keeps the server telling a guesser nothing about which field failed', () => {
    expect(zodErrors(LoginSchema, { login: '', password: '' })).toEqual({ login: MSG.loginFailed, password: MSG.loginFailed });
  });
});
