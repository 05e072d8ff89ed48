/**
 * Staff at scale, as staff do it: an admin imports a file with one bad row, fixes it and imports it;
 * bulk-enrols 20 users into a class from the Users table; an instructor writes to the class and a
 * learner finds the e-mail in the outbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, goto, latestMailTo, launchBrowser, screenshot, seriousViolations, signedInPage, uniqueEmail } from './helpers.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await signedInPage(browser, DEMO.admin));
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));
const GROUP = 'iol-en-group-spring';

async function chooseFile(p: Page, name: string, buffer: Buffer) {
  await p.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

async function pick(p: Page, testid: string, option: string | RegExp) {
  await p.getByTestId(testid).click();
  await p.getByRole('option', { name: option }).first().click();
}

describe('staff at scale', () => {
  it('imports a file with one bad row only once it is fixed', async () => {
    const good = uniqueEmail('import-ok');
    const fixed = uniqueEmail('import-fixed');
    await goto(page, '/admin/import', 'admin');
    await page.getByTestId('import-panel').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await chooseFile(
      page,
      'staff.csv',
      csv([
        ['email', 'firstname', 'lastname', 'lang', 'classid'],
        [good, 'Gina', 'Good', 'es', GROUP],
        ['not-an-address', 'Bad', 'Row', 'en', GROUP],
      ]),
    );
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toContain('1');
    expect(await page.locator('[data-outcome=error]').count()).toBe(1);
    expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
    await chooseFile(
      page,
      'staff-fixed.csv',
      csv([
        ['email', 'firstname', 'lastname', 'lang', 'classid'],
        [good, 'Gina', 'Good', 'es', GROUP],
        [fixed, 'Fixed', 'Row', 'en', GROUP],
      ]),
    );
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toContain('0');
    await page.getByTestId('import-run').click();
    await page.getByTestId('import-done').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The new accounts' welcome mails leave through the queue, each in its language.
    await expect.poll(() => latestMailTo(good), { timeout: 15_000 }).toBeTruthy();
    await expect.poll(() => latestMailTo(fixed), { timeout: 15_000 }).toBeTruthy();
  });

  it('bulk-enrols 20 users into a class from the Users table', async () => {
    const tag = `bulk${Date.now().toString(36)}`;
    const rows = [
      ['email', 'firstname', 'lastname'],
      ...Array.from({ length: 20 }, (_, i) => [`${tag}-${i}@example.net`, 'Bulk', `Learner ${i}`]),
    ];
    const r = await page
      .context()
      .request.post('/app_users/import', { data: { filename: 'bulk.csv', data: csv(rows).toString('base64') } });
    expect(r.status()).toBe(200);
    await goto(page, `/admin/users?q=${tag}`, 'admin');
    await expect.poll(() => page.getByTestId('user-total').textContent()).toContain('20');
    await page.getByTestId('select-page').click();
    await expect.poll(() => page.getByTestId('bulk-count').textContent()).toContain('20');
    await pick(page, 'bulk-action', 'Enrol in a class');
    await pick(page, 'course-picker', /Online Learning.*\(en\)/);
    await pick(page, 'class-picker', /Spring cohort 2026/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('bulk-apply').click();
    await page.getByTestId('bulk-confirm').click();
    await page.getByText('Done: 20 changed').first().waitFor();
    const list = await page.context().request.post('/app_enrollment/classEnrollment', { data: { classid: GROUP } });
    const participants = (await list.json()) as { email?: string }[];
    expect(participants.filter((p) => p.email?.startsWith(tag)).length).toBe(20);
  });

  it('an instructor writes to the class and a learner reads it in the outbox', async () => {
    const learner = uniqueEmail('message-reader');
    const other = uniqueEmail('message-other');
    const imp = await page.context().request.post('/app_users/import', {
      data: {
        filename: 'two.csv',
        data: csv([
          ['email', 'firstname', 'lastname', 'classid'],
          [learner, 'Rita', 'Reader', GROUP],
          [other, 'Omar', 'Other', GROUP],
        ]).toString('base64'),
      },
    });
    expect(imp.status()).toBe(200);
    const { page: ip, context } = await signedInPage(browser, DEMO.instructor);
    try {
      await goto(ip, `/class/enrollment/${GROUP}`, 'class');
      await ip.getByTestId('class-message').waitFor();
      expect(await seriousViolations(ip)).toEqual([]);
      const subject = `Week 3 reading ${Date.now().toString(36)}`;
      await ip.getByTestId('message-subject').fill(subject);
      await ip.getByTestId('message-text').fill('Please read lesson 3 before Wednesday.');
      await ip.getByTestId('message-send').click();
      await ip
        .getByText(/Message sent to \d+ learners?/)
        .first()
        .waitFor();
      await expect.poll(() => latestMailTo(learner) ?? '', { timeout: 15_000 }).toContain('Please read lesson 3');

      // Ticked in the participant table, one learner gets the next message alone.
      await ip.getByTestId('participants-filter').fill(learner);
      await expect.poll(() => ip.getByTestId('participant-row').count()).toBe(1);
      await ip.getByTestId('participant-row').getByTestId('row-select').check();
      await expect.poll(() => ip.getByTestId('bulk-count').textContent()).toContain('1');
      await ip.getByRole('heading', { name: 'Message the selected learner' }).waitFor();
      expect(await seriousViolations(ip)).toEqual([]);
      await ip.getByTestId('message-subject').fill(`Just for you ${Date.now().toString(36)}`);
      await ip.getByTestId('message-text').fill('Your essay is missing a title.');
      await ip.getByTestId('message-send').click();
      await ip.getByText('Message sent to 1 learner').first().waitFor();
      await expect.poll(() => latestMailTo(learner) ?? '', { timeout: 15_000 }).toContain('missing a title');
      // The class's other learners got the first message, not this one.
      expect(latestMailTo(other) ?? '').toContain('Please read lesson 3');
    } finally {
      await context.close();
    }
  });
});
