/**
 * The admin area's journeys: an admin finds a learner, gives them the cms role and sees the
 * change in the audit list; translates a label into Portuguese and a Portuguese user sees it; downloads
 * users.csv and opens the dashboard with its charts drawn; the data explorer lists the state modules.
 * Learners and editors get no admin panels; signed-out visitors get 'Please Login'. Each test makes its
 * own users and puts back what it changed.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { STATE_EXPLORER_MODULES } from '../src/domain/constants.ts';
import {
  DEMO,
  goto,
  launchBrowser,
  navigate,
  newPage,
  pageErrors,
  pickOption,
  ready,
  screenshot,
  signedInPage,
  uniqueEmail,
} from './helpers.ts';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const opened: BrowserContext[] = [];
/** Accounts this file registered: removed at the end, so later journeys on the same server see the usual ones. */
const created: string[] = [];

interface NewUser {
  id: string;
  email: string;
  context: BrowserContext;
  page: Page;
}

/** Registers a user through the API in a context of its own (signed in), in `lang`. */
async function registerUser(tag: string, lang = 'en'): Promise<NewUser> {
  const { context, page } = await newPage(browser, { consent: 'optout' });
  opened.push(context);
  const email = uniqueEmail(tag.toLowerCase());
  const password = 'Admin-test1!';
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: tag,
      lastname: 'Tester',
      email,
      confirmemail: email,
      password,
      confirmpassword: password,
      city: 'Lisboa',
      country: 'Portugal',
      terms: true,
      lang,
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  const { user } = (await r.json()) as { user: { _id: string; lang: string } };
  expect(user.lang).toBe(lang);
  created.push(user._id);
  return { id: user._id, email, context, page };
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInPage(browser, DEMO.admin);
});
afterAll(async () => {
  for (const id of created) await admin?.context.request.get(`/app_users/remove/${id}`).catch(() => {});
  for (const c of opened) await c.close().catch(() => {});
  await admin?.context.close();
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(admin.page, `failed-admin-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('who gets the admin area', () => {
  it('signed-out visitors see the Please Login link, with the way back', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    opened.push(context);
    for (const path of ['/admin', '/admin/users', '/admin/reports']) {
      await goto(page, path, 'admin');
      const link = page.getByTestId('please-login');
      await expect.poll(() => link.textContent()).toBe(MSG.pleaseLogin);
      expect(await link.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      expect(await page.getByTestId('admin-nav').count()).toBe(0);
    }
    await page.getByTestId('please-login').click();
    await ready(page, 'login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/reports');
  });

  it('a learner and an editor opening /admin get no admin panels', async () => {
    for (const who of [DEMO.learner, DEMO.editor]) {
      const { context, page } = await signedInPage(browser, who);
      opened.push(context);
      for (const path of ['/admin', '/admin/users', '/admin/translations', '/admin/reports', '/admin/dashboard']) {
        await goto(page, path, 'admin');
        await page.getByTestId('admin-forbidden').waitFor();
        expect(await page.getByTestId('admin-index').count(), `${who} ${path}`).toBe(0);
        expect(await page.getByTestId('admin-nav').count(), `${who} ${path}`).toBe(0);
        expect(await page.locator('[data-testid="user-table"], [data-testid="dashboard"], [data-testid="translations"]').count()).toBe(0);
      }
      // The data explorer is for admins only.
      await page.goto('/util/store');
      await ready(page, 'content');
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });

  it('an editor still opens the page editor the spec links editors to', async () => {
    const { context, page } = await signedInPage(browser, DEMO.editor);
    opened.push(context);
    await goto(page, '/admin/content/new', 'admin');
    await expect.poll(() => page.locator('[data-screen="admin"]').getAttribute('data-panel')).toBe('content');
    expect(await page.getByTestId('admin-forbidden').count()).toBe(0);
  });
});

describe('an admin', () => {
  it('finds the learner, gives them the cms role, and sees the change in the audit list', async () => {
    const learner = await registerUser('Rolf');
    const { page } = admin;
    await goto(page, '/admin', 'admin');
    await page.getByTestId('admin-link-users').click();
    await page.getByTestId('user-filter').fill(learner.email);
    const row = page.locator(`[data-testid="user-table"] tr[data-user="${learner.email}"]`);
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid="user-table"] tbody tr').count()).toBe(1);
    await row.getByTestId('user-link').click();
    const detail = page.locator(`[data-testid="user-detail"][data-user="${learner.email}"]`);
    await detail.waitFor();
    expect(await page.getByTestId('roles-save').isDisabled()).toBe(true);
    await page.getByTestId('role-cms').check();
    await page.getByTestId('roles-save').click();
    await expect.poll(() => page.getByTestId('status-area').textContent()).toContain('The roles have been saved.');
    await expect.poll(() => detail.locator('.mantine-Badge-root[data-role="cms"]').allTextContents()).toContain('Editor');

    // The learner's next whoami says they are an editor now.
    const who = (await (await learner.context.request.get('/app_users/whoami')).json()) as { user: { roles: string[]; isEditor: boolean } };
    expect(who.user).toMatchObject({ roles: ['cms'], isEditor: true });

    await page.getByTestId('admin-nav-audit').click();
    const entry = page.locator(`[data-testid="audit-table"] tr[data-action="user.roles"][data-target="${learner.id}"]`);
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain(DEMO.admin);
    expect(text).toContain('Roles changed');
    expect(text).toContain(`email: ${learner.email}`);
    expect(text).toContain('roles: — → cms');
    // Newest first: it is the top row.
    expect(await page.locator('[data-testid="audit-table"] tbody tr').first().getAttribute('data-target')).toBe(learner.id);

    // The filter by target keeps only this user's entries.
    await page.locator('input[name="target"]').fill(learner.id);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('[data-testid="audit-table"] tbody tr').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it("manages the learner's enrolments and removes the account, each with a confirmation", async () => {
    const learner = await registerUser('Enzo');
    const { page } = admin;
    await goto(page, `/admin/users/${learner.id}`, 'admin');
    await page.locator(`[data-testid="user-detail"][data-user="${learner.email}"]`).waitFor();
    await expect.poll(() => page.getByTestId('user-detail').textContent()).toContain('No records found.');

    // Add User to Class: the course, then its self-paced class.
    const form = page.getByTestId('add-to-class-form');
    await form.getByTestId('course-picker').click();
    await page.getByRole('option', { name: 'Introduction to Online Learning (en)', exact: true }).click();
    await form.getByTestId('class-picker').click();
    await page.getByRole('option', { name: /^Self-paced \(English\)/ }).click();
    await form.getByTestId('add-to-class-submit').click();
    const row = page.locator('[data-testid="user-enrollments"] tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Self-paced (English)');

    // Edit: a completion date; a bad date is refused with the message.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('enrollment-edit-form');
    await edit.locator('input[name="completed"]').fill('2026-01-15');
    await edit.getByTestId('enrollment-save').click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('2026-01-15');

    // Remove asks first; Cancel keeps the enrolment.
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => row.count()).toBe(0);
    const audit = (await (await admin.context.request.post('/app_admin/audit', { data: { actor: DEMO.admin, limit: 5 } })).json()) as {
      list: { action: string; changes: Record<string, unknown> }[];
    };
    expect(audit.list.slice(0, 3).map((e) => e.action)).toEqual(['enrollment.remove', 'enrollment.save', 'enrollment.save']);

    // The account goes too, after its own confirmation.
    await page.getByTestId('user-remove').click();
    await page.getByTestId('user-remove-confirm').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/users');
    await page.getByTestId('user-filter').fill(learner.email);
    await expect.poll(() => page.getByTestId('user-total').textContent()).toContain(': 0');
    expect(pageErrors(page)).toEqual([]);
  });

  it('translates a label into Portuguese, and a Portuguese user sees it on their next whoami', async () => {
    const label = 'Resources';
    const api = admin.context.request;
    const before = (await (await api.post('/app_admin/getLanguage', { data: { lang: 'pt' } })).json()) as {
      labels: { label: string; translation: string }[];
    };
    const original = before.labels.find((l) => l.label === label)?.translation ?? '';
    const mine = `Recursos e materiais ${Date.now().toString(36)}`;

    // A Portuguese user has the public home page open (the top bar shows the label).
    const pt = await registerUser('Paula', 'pt');
    await goto(pt.page, '/', 'content');
    const topNav = pt.page.locator('.top-nav');
    await expect.poll(() => topNav.textContent()).toContain(original || label);

    try {
      const { page } = admin;
      await goto(page, '/admin/translations?lang=pt', 'admin');
      await page.getByTestId('translations').waitFor();
      await page.getByTestId('label-search').fill(label);
      const row = page.locator(`[data-testid="translations"] [data-label="${label}"]`);
      await row.waitFor();
      expect(await row.locator('textarea').inputValue()).toBe(original);
      await row.locator('textarea').fill(mine);
      await row.getByTestId('label-save').click();
      await expect.poll(() => page.getByTestId('status-area').textContent()).toContain('The translation has been saved.');
      await expect.poll(() => row.getByTestId('label-save').isDisabled()).toBe(true);

      // No reload: the page's next whoami (on focus, or the 20-second poll) brings the new label. The
      // session counts as fresh for 2 s after each answer, so the focus comes a little later.
      await pt.page.waitForTimeout(2_100);
      await pt.page.evaluate(() => {
        window.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
      });
      await expect.poll(() => topNav.textContent(), { timeout: 25_000 }).toContain(mine);

      // English users keep the English text.
      const en = await registerUser('Elsa', 'en');
      await goto(en.page, '/', 'content');
      await expect.poll(() => en.page.locator('.top-nav').textContent()).toContain(label);
      expect(await en.page.locator('.top-nav').textContent()).not.toContain(mine);

      // The change is in the audit list too.
      const audit = (await (
        await api.post('/app_admin/audit', { data: { action: 'translation.set', target: 'pt', limit: 1 } })
      ).json()) as { list: { changes: Record<string, { to: string }> }[] };
      expect(audit.list[0]!.changes[label]!.to).toBe(mine);
    } finally {
      const r = await api.post('/app_admin/setLanguage', { data: { lang: 'pt', labels: { [label]: original } } });
      expect(r.status()).toBe(200);
    }
  });

  it("edits site settings (with the server's messages), a navigation item and a file", async () => {
    const { page } = admin;
    const api = admin.context.request;
    try {
      // Settings: a pass percentage over 100 is refused under its field; 75 is saved for everyone.
      await goto(page, '/admin/settings', 'admin');
      const form = page.getByTestId('settings-form');
      const quiz = form.locator('input[name="quizpasspercent"]');
      await quiz.fill('120');
      await page.getByTestId('settings-save').click();
      await expect.poll(() => page.getByTestId('settings-error').textContent()).toBe(MSG.correctFields);
      await expect.poll(() => form.textContent()).toContain(MSG.percentRange);
      await quiz.fill('75');
      await page.getByTestId('settings-save').click();
      await expect.poll(() => page.getByTestId('status-area').textContent()).toContain('The site settings have been saved.');
      const other = await newPage(browser);
      opened.push(other.context);
      const visitor = (await (await other.context.request.get('/app_users/whoami')).json()) as { config: { quizpasspercent: number } };
      expect(visitor.config.quizpasspercent).toBe(75);
    } finally {
      expect((await api.post('/app_admin/setConfig', { data: { config: { quizpasspercent: 80 } } })).status()).toBe(200);
    }

    // Navigation: a script address is refused; a page address is saved, shows in the footer, and is removed.
    const title = `Donate ${Date.now().toString(36)}`;
    await goto(page, '/admin/navitems', 'admin');
    await page.getByTestId('navitem-new').click();
    const nav = page.getByTestId('navitem-form');
    await nav.locator('input[name="title"]').fill(title);
    await nav.locator('input[name="url"]').fill('javascript:alert(1)');
    await pickOption(page, nav.getByTestId('navitem-groups'), /^footer2/);
    await nav.getByTestId('navitem-save').click();
    await expect.poll(() => nav.textContent()).toContain(MSG.unsafeUrl);
    await nav.locator('input[name="url"]').fill('/About#donate');
    await nav.getByTestId('navitem-save').click();
    await nav.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('footer').textContent()).toContain(title);
    const row = page.locator('[data-testid="navitems-table"] tr', { hasText: title });
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => page.locator('footer').textContent()).not.toContain(title);

    // Files: upload, list, remove.
    const filename = `notes-${Date.now().toString(36)}.txt`;
    await goto(page, '/admin/files', 'admin');
    const upload = page.getByTestId('upload-form');
    await upload.getByTestId('upload-submit').click();
    await expect.poll(() => upload.textContent()).toContain(MSG.fileMissing);
    await upload
      .locator('input[type="file"]')
      .setInputFiles({ name: filename, mimeType: 'text/plain', buffer: Buffer.from('Admin notes') });
    await upload.locator('input[name="context"]').fill('admin-e2e');
    await upload.getByTestId('upload-submit').click();
    const file = page.locator(`[data-testid="files-table"] tr[data-file="${filename}"]`);
    await file.waitFor();
    expect(await file.textContent()).toContain('admin-e2e');
    expect(await (await api.get(`/files/${filename}`)).text()).toBe('Admin notes');
    await file.getByTestId('file-remove').click();
    await page.getByTestId('file-remove-confirm').click();
    await expect.poll(() => file.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('connects the CRM (a stand-in on loopback), looks up a contact and syncs users', async () => {
    // The CRM stand-in: contact 42, lookups by e-mail, and batches that create every contact.
    const KEY = 'stand-in-key';
    const received: unknown[] = [];
    const crm = http.createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { error: 'bad key' });
      const url = new URL(req.url ?? '/', 'http://crm');
      const contact = { id: 42, email: 'cara.contact@example.org', firstName: 'Cara', lastName: 'Contact', country: 'Portugal' };
      if (req.method === 'GET' && url.pathname === '/individuals/42') return send(200, contact);
      if (req.method === 'GET' && url.pathname.startsWith('/individuals/')) return send(404, {});
      if (req.method === 'GET' && url.pathname === '/individuals')
        return send(200, { results: url.searchParams.get('email') === contact.email ? [contact] : [] });
      if (req.method === 'POST' && url.pathname === '/batch') {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          const { records } = JSON.parse(body) as { records: { externalId: string; email: string }[] };
          received.push(...records);
          send(200, { results: records.map((r, i) => ({ externalId: r.externalId, email: r.email, id: 100 + i, status: 'created' })) });
        });
        return;
      }
      send(404, {});
    });
    await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
    const crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}`;
    const { page } = admin;
    try {
      await goto(page, '/admin/crm', 'admin');
      await expect.poll(() => page.getByTestId('crm-configured').textContent()).toBe('Not configured');
      expect(await page.getByTestId('crm-key-state').textContent()).toBe('Key not set');

      // Lookup needs a numeric id or an e-mail address.
      const lookup = page.getByTestId('crm-lookup');
      await page.getByTestId('crm-identifier').fill('not-an-id');
      await lookup.getByRole('button', { name: 'Look up' }).click();
      await expect.poll(() => lookup.textContent()).toContain(MSG.invalidContact);

      const settings = page.getByTestId('crm-settings');
      await settings.locator('input[name="baseUrl"]').fill(crmUrl);
      await settings.locator('input[name="key"]').fill(KEY);
      await page.getByTestId('crm-save').click();
      await expect.poll(() => page.getByTestId('crm-configured').textContent()).toBe('Configured');
      expect(await page.getByTestId('crm-key-state').textContent()).toBe('Key set');
      // The key never comes back to the browser.
      expect(await settings.locator('input[name="key"]').inputValue()).toBe('');

      await page.getByTestId('crm-identifier').fill('42');
      await lookup.getByRole('button', { name: 'Look up' }).click();
      await expect.poll(() => page.getByTestId('crm-individual').textContent()).toContain('cara.contact@example.org');
      await page.getByTestId('crm-identifier').fill('cara.contact@example.org');
      await lookup.getByRole('button', { name: 'Look up' }).click();
      await expect.poll(() => page.getByTestId('crm-individual').textContent()).toContain('Cara');

      // Sync one user (picked by name), then the recently changed ones.
      const syncUser = page.getByTestId('crm-sync-user-form');
      await syncUser.getByTestId('user-picker').fill('lena');
      await page.getByRole('option', { name: `Lena Learner <${DEMO.learner}>` }).click();
      await syncUser.getByRole('button', { name: 'Sync user' }).click();
      await expect.poll(() => page.getByTestId('crm-sync-user-result').textContent()).toContain('Created in the CRM');
      expect(received).toContainEqual(expect.objectContaining({ email: DEMO.learner, firstName: 'Lena' }));

      await page.getByTestId('crm-sync-recent-button').click();
      const summary = page.getByTestId('crm-sync-recent-result');
      await summary.waitFor();
      expect(await summary.textContent()).toMatch(/Synced\s*[1-9]/);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await admin.context.request.post('/app_admin/setConfig', { data: { crm: { baseUrl: '', key: '' } } });
      await new Promise((r) => crm.close(r));
    }
  });

  it('downloads users.csv and opens the dashboard with its charts drawn', async () => {
    const { page } = admin;
    await goto(page, '/admin/reports', 'admin');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('users-csv').click()]);
    expect(download.suggestedFilename()).toBe('users.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split(/\r?\n/);
    expect(header).toBe(
      'User ID,Email,First Name,Last Name,Roles,Language,Phone,Address,Address (line 2),City,State or Province,Country,Postal Code,Birth Date,How did you hear about us?,Vocation,About Me,Cookie preference,Created,Last seen,Last activity',
    );
    expect(rows.some((r) => r.includes(DEMO.learner))).toBe(true);

    // A report in the staff table: sorted on the server by a column, exported as it is shown.
    await page.getByTestId('report-enrollments-table').locator('tbody tr').first().waitFor();
    const enrolledHeader = page.getByTestId('report-enrollments-table').locator('th', { has: page.locator('[data-sort="enrolled"]') });
    // Text sorts A to Z first, figures largest first.
    const classHeader = page.getByTestId('report-enrollments-table').locator('th', { has: page.locator('[data-sort="classname"]') });
    await classHeader.locator('[data-sort]').click();
    await expect.poll(() => classHeader.getAttribute('aria-sort')).toBe('ascending');
    await enrolledHeader.locator('[data-sort]').click();
    await expect.poll(() => enrolledHeader.getAttribute('aria-sort')).toBe('descending');
    const enrolledCells = async () =>
      (await page.getByTestId('report-enrollments-table').locator('tbody tr td:nth-child(7)').allTextContents()).map(Number);
    await expect
      .poll(async () => {
        const n = await enrolledCells();
        return n.length > 1 && n.every((v, i) => i === 0 || n[i - 1]! >= v);
      })
      .toBe(true);
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-enrollments-csv').click()]);
    expect(report.suggestedFilename()).toBe('enrollments.csv');
    const reportRows = fs
      .readFileSync((await report.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(reportRows[0]).toBe('Course ID,Course,Class ID,Class,Instructor,Self-paced,Enrolled,Completed,Last registration');
    expect(Number(reportRows[1]!.split(',')[6])).toBe((await enrolledCells())[0]);
    await page.getByTestId('report-tab-completions').click();
    await page.getByTestId('report-completions-table').waitFor();

    await page.getByTestId('open-dashboard').click();
    await page.getByTestId('dashboard').waitFor();
    await expect.poll(() => page.locator('[data-figure="users"]').textContent()).toMatch(/\d/);
    for (const chart of ['chart-timeline', 'chart-completions', 'chart-languages', 'chart-countries']) {
      const card = page.getByTestId(chart);
      await card.locator('svg.recharts-surface').first().waitFor();
      await expect.poll(() => card.locator('svg path').count(), { message: chart }).toBeGreaterThan(0);
      expect(await card.getByTestId(`${chart}-csv`).getAttribute('href')).toMatch(/^\/app_reports\/\w+\.csv/);
    }
    // Each chart downloads as CSV.
    const csv = await admin.context.request.get((await page.getByTestId('chart-timeline-csv').getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).replace(/^\uFEFF/, '').split('\n')[0]).toBe('Month,Registrations,Enrolments,Completions');
    expect(pageErrors(page)).toEqual([]);
  });

  it('explores the client state modules in /util/store', async () => {
    const { page } = admin;
    await goto(page, '/admin/users', 'admin');
    await page.getByTestId('user-table').waitFor();
    await navigate(page, '/util/store');
    await ready(page, 'util');
    const modules = page.locator('[data-testid="state-modules"] li');
    await expect.poll(() => modules.allTextContents()).toEqual([...STATE_EXPLORER_MODULES]);
    // The users module holds the signed-in user and the user list the admin just looked at.
    const tree = page.getByTestId('state-tree');
    await expect.poll(() => tree.textContent()).toContain(DEMO.admin);
    await expect.poll(() => tree.textContent()).toContain('users · list');

    await page.locator('[data-module="localize"]').first().click();
    await expect.poll(() => tree.getAttribute('data-module')).toBe('localize');
    await expect.poll(() => tree.textContent()).toContain('labels');
    await page.locator('[data-module="statusMessages"]').first().click();
    await expect.poll(() => tree.textContent()).toContain('messages');
    expect(pageErrors(page)).toEqual([]);
  });
});
