/** The certificate call decides on the enrolment's learner, so a check against the caller's own id cannot creep back. */
import { describe, expect, it } from 'vitest';
import { authorizeCertificate } from './certificates.routes.ts';

const learner = { id: 'u1', email: 'a@example.org', roles: ['learner'] };

describe('certificate owner', () => {
  it('lets the learner of the enrolment have the certificate', () => {
    expect(() => authorizeCertificate(learner, { user: 'u1' })).not.toThrow();
  });
  it('refuses anyone else, even an admin, and asks a visitor to sign in', () => {
    expect(() => authorizeCertificate(learner, { user: 'u2' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => authorizeCertificate({ ...learner, roles: ['admin'] }, { user: 'u2' })).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => authorizeCertificate(null, { user: 'u2' })).toThrow(expect.objectContaining({ status: 401 }));
  });
});
