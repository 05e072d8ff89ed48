import { describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/messages.ts';
import { EMPTY_REGISTRATION, validateAll, validateField, type RegistrationValues } from './registration.ts';

const valid: RegistrationValues = {
  firstname: 'Ana',
  lastname: 'Silva',
  email: 'ana@example.net',
  confirmemail: 'ANA@example.net ',
  phone: '+351 (21) 555-0100',
  city: 'Lisbon',
  state: '',
  country: 'Portugal',
  password: 'Secret-pass1',
  confirmpassword: 'Secret-pass1',
  terms: true,
};

describe('registration rules (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(validateAll(valid)).toEqual({});
  });

  it('reports every required field of an empty form', () => {
    expect(validateAll(EMPTY_REGISTRATION)).toEqual({
      firstname: MSG.requiredName,
      lastname: MSG.requiredName,
      email: MSG.emailRequired,
      city: MSG.required,
      country: MSG.required,
      password: MSG.passwordRule,
      terms: MSG.agreeTerms,
    });
  });

  it.each([
    ['firstname', { firstname: 'Ana*' }, MSG.requiredName],
    ['email', { email: 'ana@x', confirmemail: 'ana@x' }, MSG.emailInvalid],
    ['confirmemail', { confirmemail: 'other@example.net' }, MSG.emailsMustMatch],
    ['phone', { phone: 'call me' }, MSG.phone],
    ['state', { state: 'Lisboa$' }, MSG.stateHint],
    ['password', { password: 'longenough', confirmpassword: 'longenough' }, MSG.passwordRule],
    ['confirmpassword', { confirmpassword: 'Secret-pass2' }, MSG.passwordsMustMatch],
    ['terms', { terms: false }, MSG.agreeTerms],
  ] as const)('%s', (field, patch, message) => {
    expect(validateField(field, { ...valid, ...patch })).toBe(message);
    expect(validateAll({ ...valid, ...patch })).toEqual({ [field]: message });
  });
});
