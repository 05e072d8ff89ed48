/**
 * Survey answers with the bot check switched on: the form loads the provider's script, gets a token and
 * the server verifies it. The provider is a stand-in HTTP server on loopback (script + verify endpoint).
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './helpers.ts';
import { startServer } from './global-setup.ts';
import { MSG } from '../src/domain/messages.ts';

const SITEKEY = 'site-key-e2e';
const SECRET = 'verify-secret-e2e';
let accept = true;
const verified: { secret: string | null; response: string | null }[] = [];

// The stand-in: a grecaptcha-like script and a verify endpoint answering { success }.
const provider = http.createServer((req, res) => {
  if (req.url === '/api.js') {
    res.writeHead(200, { 'content-type': 'application/javascript' });
    res.end(`window.grecaptcha = { ready: (cb) => cb(), execute: (key, opts) => Promise.resolve('token:' + key + ':' + opts.action) };`);
    return;
  }
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const form = new URLSearchParams(body);
    verified.push({ secret: form.get('secret'), response: form.get('response') });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: accept && form.get('secret') === SECRET && form.get('response') === `token:${SITEKEY}:survey` }));
  });
});

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;
  server = await startServer(
    {
      BOTCHECK_VERIFY_URL: `${base}/verify`,
      BOTCHECK_SECRET: SECRET,
      BOTCHECK_SITEKEY: SITEKEY,
      BOTCHECK_SCRIPT_URL: `${base}/api.js`,
    },
    'e2e-botcheck-server.log',
  );
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  provider.close();
});

async function answer(url: string) {
  const { page, context } = await newPage(browser, { consent: 'optout' });
  await page.goto(`${url}/Resources`);
  const form = page.locator('[data-survey-form="feedback-en"]');
  await form.waitFor();
  await form.locator('[name="answer-0"]').fill('The bot check let me through');
  await form.locator('[name="answer-2"]').fill('3');
  await page.getByTestId('survey-submit').click();
  return { page, context, form };
}

it('gets a token from the provider script and the server verifies it', async () => {
  const { form, context } = await answer(server.url);
  await expect.poll(() => form.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
  expect(verified.at(-1)).toEqual({ secret: SECRET, response: `token:${SITEKEY}:survey` });
  await context.close();
});

it('shows the form error when the provider refuses the token', async () => {
  accept = false;
  const before = verified.length;
  const { page, form, context } = await answer(server.url);
  await expect.poll(() => form.getAttribute('data-state'), { timeout: 10_000 }).toBe('error');
  expect(await page.getByTestId('survey-error').textContent()).toContain(MSG.formError);
  expect(verified.length).toBe(before + 1);
  await context.close();
});
