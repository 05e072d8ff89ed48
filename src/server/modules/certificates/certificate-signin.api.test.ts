/** A certificate link opened in a browser while signed out leads to the sign-in page and back. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { MSG } from '../../../domain/messages.ts';

describeEachEngine('certificate link signed out', (server) => {
  it('sends a browser to /login with a way back, and an API client a 401 body', async () => {
    const page = await server().client().get('/app_users/certificate/intro-online-learning', { accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/login?redirect=%2Fapp_users%2Fcertificate%2Fintro-online-learning');
    const api = await server().client().get('/app_users/certificate/intro-online-learning', { accept: 'application/json' });
    expect(api.status).toBe(401);
    expect(api.body.error.message).toBe(MSG.signInRequired);
  });
});
