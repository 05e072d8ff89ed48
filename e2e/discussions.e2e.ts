/**
 * Discussions: a learner posts on a lesson's discussion, another learner replies, the first
 * edits; the second cannot edit the first's post; replies are edited and removed; a private post is read
 * by a listed address and by no unlisted learner; a linked post is highlighted; the account's comments
 * panel lists a learner's posts. Three fresh learners, enrolled in the demo self-paced class.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { goto, launchBrowser, newPage, pageErrors, ready, screenshot, seriousViolations, uniqueEmail } from './helpers.ts';

const COURSE = 'intro-online-learning';
const LESSON = 'iol-en-l2';
const CLASS = 'iol-en-selfpaced';
const PARENT = `${COURSE}-${LESSON}`;
const DISCUSSION = `/comments/${PARENT}/${CLASS}`;

interface Learner {
  name: string;
  email: string;
  context: BrowserContext;
  page: Page;
}

let browser: Browser;
let ana: Learner, ben: Learner, cai: Learner;

/** Registers a learner through the API (signed in, enrolled in the self-paced class) in a context of its own. */
async function learner(first: string, width = 1280): Promise<Learner> {
  const { context, page } = await newPage(browser, { consent: 'optout', width });
  const email = uniqueEmail(first.toLowerCase());
  const password = 'Learner-pass1!';
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: first,
      lastname: 'Tester',
      email,
      confirmemail: email,
      password,
      confirmpassword: password,
      city: 'Lisbon',
      country: 'Portugal',
      terms: true,
      classId: CLASS,
      courseId: COURSE,
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  return { name: `${first} Tester`, email, context, page };
}

const posts = (page: Page) => page.locator('[data-testid="discussion"] [data-testid="post"]');
const postWith = (page: Page, text: string) => posts(page).filter({ hasText: text });
const editor = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).first();

/** Types into a rich-text field (the editable area carries the test id). */
async function write(page: Page, testId: string, text: string) {
  const field = editor(page, testId);
  await field.waitFor();
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

async function openDiscussion(page: Page) {
  await goto(page, DISCUSSION, 'comments');
  await page.locator('[data-testid="discussion"]').waitFor();
  await page.getByTestId('post-count').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  [ana, ben, cai] = await Promise.all([learner('Ana'), learner('Ben'), learner('Cai')]);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const who of [ana, ben, cai])
    await screenshot(who.page, `failed-discussions-${who.name.split(' ')[0]}-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('a lesson discussion', () => {
  const first = `My plan: evenings after work ${Date.now().toString(36)}`;
  const reply = 'Evenings work for me too!';
  const edited = `${first}, and Saturday mornings`;

  it('shows the lesson, its question and a link back to the lesson', async () => {
    await openDiscussion(ana.page);
    const back = ana.page.getByTestId('back-to-lesson');
    expect(await back.getAttribute('href')).toBe(`/lessons/${COURSE}/${LESSON}/${CLASS}`);
    expect(await ana.page.getByTestId('discussion-class').textContent()).toBe('Self-paced (English)');
    await ana.page.getByTestId('discussion-question').waitFor();
    // The demo discussion is there, newest first.
    const times = await posts(ana.page)
      .getByTestId('post-time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect(times.length).toBeGreaterThan(1);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses an empty post with a clear message', async () => {
    await ana.page.getByTestId('post-form-submit').click();
    await expect.poll(() => ana.page.getByTestId('post-form').textContent()).toContain(MSG.postEmpty);
  });

  it('the first learner posts: the post comes first, with Edit and Delete for its author', async () => {
    await write(ana.page, 'post-form-body', first);
    await ana.page.getByTestId('post-form-submit').click();
    await expect.poll(() => posts(ana.page).first().textContent()).toContain(first);
    const mine = postWith(ana.page, first);
    expect(await mine.getByTestId('post-author').textContent()).toBe(ana.name);
    expect(await mine.getByTestId('post-edit').count()).toBe(1);
    expect(await mine.getByTestId('post-remove').count()).toBe(1);
    expect(await ana.page.getByTestId('post-form').textContent()).not.toContain(MSG.postEmpty);
    // The form is empty again.
    expect((await editor(ana.page, 'post-form-body').textContent())?.trim()).toBe('');
  });

  it("another learner replies, and cannot edit or delete the first learner's post", async () => {
    await openDiscussion(ben.page);
    const post = postWith(ben.page, first);
    await post.waitFor();
    expect(await post.getByTestId('post-edit').count()).toBe(0);
    expect(await post.getByTestId('post-remove').count()).toBe(0);
    await post.getByTestId('post-reply').click();
    await write(ben.page, 'reply-form-body', reply);
    await post.getByTestId('reply-form-submit').click();
    await expect.poll(() => post.getByTestId('reply').textContent()).toContain(reply);
    expect(await post.getByTestId('reply-author').textContent()).toBe(ben.name);
    expect(await post.getByTestId('reply-edit').count()).toBe(1);

    // The server refuses too: the second learner's edit of the first's post is forbidden.
    const id = await post.getAttribute('data-post-id');
    const r = await ben.context.request.post('/app_comments/save', { data: { _id: id, body: '<p>Hijacked</p>' } });
    expect(r.status()).toBe(403);
  });

  it('the first learner sees the reply and edits the post', async () => {
    await openDiscussion(ana.page);
    const post = postWith(ana.page, first);
    await expect.poll(() => post.getByTestId('reply').textContent()).toContain(reply);
    // Not hers to edit.
    expect(await post.getByTestId('reply-edit').count()).toBe(0);
    await post.getByTestId('post-edit').click();
    await write(ana.page, 'post-edit-form-body', edited);
    await ana.page.getByTestId('post-edit-form-submit').click();
    await expect.poll(() => post.locator('.post-body').first().textContent()).toBe(edited);
    await ana.page.reload();
    await ready(ana.page, 'comments');
    await expect.poll(() => postWith(ana.page, edited).count()).toBe(1);
  });

  it('the second learner edits, then removes the reply (after confirming)', async () => {
    await openDiscussion(ben.page);
    const post = postWith(ben.page, edited);
    await post.getByTestId('reply-edit').click();
    await write(ben.page, 'reply-edit-form-body', 'Evenings and lunch breaks work for me.');
    await post.getByTestId('reply-edit-form-submit').click();
    await expect.poll(() => post.getByTestId('reply').textContent()).toContain('lunch breaks');
    await post.getByTestId('reply-remove').click();
    await ben.page.getByTestId('confirm-remove').click();
    await expect.poll(() => post.getByTestId('reply').count()).toBe(0);
  });

  it('the author deletes a post after confirming; Cancel keeps it', async () => {
    await openDiscussion(ana.page);
    const text = `To be deleted ${Date.now().toString(36)}`;
    await write(ana.page, 'post-form-body', text);
    await ana.page.getByTestId('post-form-submit').click();
    const post = postWith(ana.page, text);
    await post.waitFor();
    await post.getByTestId('post-remove').click();
    await ana.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await post.count()).toBe(1);
    await post.getByTestId('post-remove').click();
    await ana.page.getByTestId('confirm-remove').click();
    await expect.poll(() => postWith(ana.page, text).count()).toBe(0);
  });

  it('on the lesson: the question, the discussion button, the newest 3 posts with Show More / Show Less', async () => {
    const { page } = ana;
    await goto(page, `/lessons/${COURSE}/${LESSON}/${CLASS}`, 'lesson');
    const embedded = page.getByTestId('lesson-discussion').first();
    await embedded.getByTestId('post-count').waitFor();
    const total = Number(await embedded.getByTestId('post-count').textContent());
    expect(total).toBeGreaterThan(3);
    const shown = embedded.getByTestId('post');
    expect(await shown.count()).toBe(3);
    expect(await shown.first().textContent()).toContain(edited);
    await embedded.getByRole('button', { name: 'Show More' }).click();
    await expect.poll(() => shown.count()).toBe(total);
    await embedded.getByRole('button', { name: 'Show Less' }).click();
    await expect.poll(() => shown.count()).toBe(3);
    expect(await embedded.getByTestId('discussion-question').textContent()).toContain('What time of day will you study');
    await embedded.getByTestId('discussion-button').click();
    await embedded.getByTestId('post-form-body').waitFor();
    expect(await embedded.getByTestId('discussion-page-link').getAttribute('href')).toBe(DISCUSSION);
  });

  it('a link to a post scrolls to it and highlights it', async () => {
    const id = await postWith(ana.page, edited).getAttribute('data-post-id');
    await goto(ana.page, `${DISCUSSION}/${id}`, 'comments');
    const post = ana.page.locator(`[data-post-id="${id}"]`);
    await expect.poll(() => post.getAttribute('class')).toContain('post-highlighted');
    await expect.poll(() => ana.page.evaluate(() => document.activeElement?.getAttribute('data-post-id'))).toBe(id);
  });
});

describe('a private post', () => {
  const secret = `Only for Ben ${Date.now().toString(36)}`;

  it('checks the share list as it is typed, then posts privately to a listed address', async () => {
    await openDiscussion(ana.page);
    await write(ana.page, 'post-form-body', secret);
    await ana.page
      .getByTestId('post-form-access')
      .getByRole('radio', { name: /Private/ })
      .check();
    const shared = ana.page.getByTestId('post-form-shared');
    await shared.fill(`${ben.email}, not-an-email`);
    // The message names the address that is wrong.
    await expect.poll(() => ana.page.getByTestId('post-form').textContent()).toContain(`${MSG.shareAddressInvalid} not-an-email`);
    await shared.fill(`${ben.email.toUpperCase()}, friend@example.org`);
    await expect.poll(() => ana.page.getByTestId('post-form').textContent()).not.toContain(MSG.shareAddressInvalid);
    await ana.page.getByTestId('post-form-submit').click();
    const post = postWith(ana.page, secret);
    await post.waitFor();
    expect(await post.getAttribute('data-access')).toBe('private');
    await expect.poll(() => post.getByTestId('post-shared').textContent()).toContain(`${ben.email}, friend@example.org`);
  });

  it('is read by the listed learner (without the share list)', async () => {
    await openDiscussion(ben.page);
    const post = postWith(ben.page, secret);
    await post.waitFor();
    expect(await post.getByTestId('post-private').count()).toBe(1);
    expect(await post.getByTestId('post-shared').count()).toBe(0);
    expect(await post.getByTestId('post-edit').count()).toBe(0);
  });

  it('is invisible to an unlisted learner of the same class', async () => {
    await openDiscussion(cai.page);
    await postWith(cai.page, 'A tip for everyone').waitFor();
    expect(await postWith(cai.page, secret).count()).toBe(0);
    expect(await cai.page.locator('[data-screen="comments"]').textContent()).not.toContain(secret);
  });
});

describe('the comments panel of the account', () => {
  it("lists the learner's posts newest first, with course, class, link and replies", async () => {
    await goto(ana.page, '/user/comments', 'user');
    const rows = ana.page.getByTestId('author-post');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Only for Ben');
    const first = rows.first();
    expect(await first.getByTestId('author-post-course').textContent()).toBe('Introduction to Online Learning');
    expect(await first.getByTestId('author-post-class').textContent()).toBe('Self-paced (English)');
    expect(await first.getByTestId('author-post-replies').textContent()).toBe('Replies: None');
    // Her own posts: no author line.
    expect(await ana.page.getByTestId('author-post-author').count()).toBe(0);
    const href = await first.getByTestId('author-post-link').getAttribute('href');
    expect(href).toMatch(new RegExp(`^/comments/${PARENT}/${CLASS}/[0-9a-f]{24}$`));
    await first.getByTestId('author-post-link').click();
    await ready(ana.page, 'comments');
    await expect.poll(() => ana.page.locator('.post-highlighted').textContent()).toContain('Only for Ben');
  });

  it("shows 'No records found.' to a learner without posts, also on /comments", async () => {
    await goto(cai.page, '/user/comments', 'user');
    await expect.poll(() => cai.page.getByTestId('no-records').textContent()).toBe('No records found.');
    await goto(cai.page, '/comments', 'comments');
    await expect.poll(() => cai.page.getByRole('heading', { level: 1 }).textContent()).toBe('My Comments');
    await expect.poll(() => cai.page.getByTestId('no-records').textContent()).toBe('No records found.');
  });

  it('drops an unknown class after three tries and shows the discussion without a class', async () => {
    await goto(cai.page, `/comments/${PARENT}/no-such-class`, 'comments');
    await cai.page.getByTestId('class-dropped').waitFor();
    expect(await cai.page.locator('[data-screen="comments"]').getAttribute('data-class')).toBe('');
    expect(await cai.page.getByTestId('back-to-lesson').getAttribute('href')).toBe(`/lessons/${COURSE}/${LESSON}/none`);
  });
});

describe('looks and access', () => {
  it('has no serious accessibility problems and no page errors', async () => {
    await openDiscussion(ben.page);
    expect(await seriousViolations(ben.page)).toEqual([]);
    await goto(ben.page, '/user/comments', 'user');
    await ben.page.getByTestId('no-records').or(ben.page.getByTestId('author-posts')).first().waitFor();
    expect(await seriousViolations(ben.page)).toEqual([]);
    for (const who of [ana, ben, cai]) expect(pageErrors(who.page)).toEqual([]);
  });

  it('screenshots at 1280 and 375 px, in English and Arabic', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout', width: 1280 });
    // Ana's cookies: a signed-in learner with posts.
    await context.addCookies(await ana.context.cookies());
    for (const lang of ['en', 'ar']) {
      await context.request.post('/app_users/setlang/', { data: { lang } });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await goto(page, DISCUSSION, 'comments');
        await page.getByTestId('post-count').waitFor();
        await page.locator('[data-testid="post-form-body"]').waitFor();
        await screenshot(page, `discussion-${lang}-${width}`);
        await goto(page, '/user/comments', 'user');
        await page.getByTestId('author-posts').waitFor();
        await screenshot(page, `comments-panel-${lang}-${width}`);
      }
    }
    await context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
