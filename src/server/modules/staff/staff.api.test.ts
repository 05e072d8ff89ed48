/**
 * Staff at scale through the real server on both engines: importing users from CSV and XLSX (preview,
 * import, re-run unchanged, 10,000 rows), bulk actions, suspension, messages to a class, notices.
 */
import { expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import {
  asRoles,
  buildClass,
  buildCourse,
  buildLearningCourse,
  buildUser,
  LEARNING_ANSWERS,
  signedInUser,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { waitForMail, outbox } from '../accounts/mail-outbox.testing.ts';
import { MSG } from '../../../domain/messages.ts';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

describeEachEngine('staff: import, bulk actions, suspension, messages', (server) => {
  let admin: TestClient;
  let classid: string;
  const admin0 = async () => {
    if (admin) return admin;
    const a = await buildUser(server().ctx, { roles: asRoles('admin') });
    admin = server().client();
    await admin.login(a.email, TEST_PASSWORD);
    const course = await buildCourse(server().ctx);
    classid = await buildClass(server().ctx, course, { regcode: 'IMPORT1' });
    return admin;
  };

  it("previews every row's problems without writing, refuses to import them, then imports the fixed file", async () => {
    const c = await admin0();
    const n = Date.now();
    const bad = [
      'email,firstname,lastname,lang,classid',
      `ana-${n}@example.org,Ana,Silva,pt,${classid}`,
      `not-an-email,Bo,Berg,de,${classid}`,
      `carl-${n}@example.org,Carl,Meyer,de,no-such-class`,
      `ana-${n}@example.org,Ana,Again,pt,${classid}`,
    ].join('\n');
    const before = await server()
      .ctx.db.selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const p = await c.post('/app_users/import/preview', { filename: 'staff.csv', data: b64(bad) });
    expect(p.status).toBe(200);
    expect(p.body.total).toBe(4);
    expect(p.body.errors).toBe(3);
    const byRow = Object.fromEntries(p.body.rows.map((r: { row: number; problems: string[] }) => [r.row, r.problems]));
    expect(byRow[2]).toEqual([]);
    expect(byRow[3]).toContain(MSG.emailInvalid);
    expect(byRow[4]).toContain(MSG.importUnknownClass);
    expect(byRow[5]).toContain(MSG.importDuplicate);
    const refused = await c.post('/app_users/import', { filename: 'staff.csv', data: b64(bad) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(MSG.importHasErrors);
    const after = await server()
      .ctx.db.selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const existing = await buildUser(server().ctx);
    const good = [
      'E-mail,First name,Last name,Language,Class,Roles',
      `ana-${n}@example.org,Ana,Silva,pt,${classid},`,
      `bo-${n}@example.org,Bo,Berg,de,${classid},cms`,
      `${existing.email},Exi,Sting,en,${classid},`,
    ].join('\r\n');
    const r = await c.post('/app_users/import', { filename: 'staff.csv', data: b64(good) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ imported: true, created: 2, enrolled: 1, unchanged: 0, errors: 0 });
    const bo = await server().ctx.db.selectFrom('users').selectAll().where('email', '=', `bo-${n}@example.org`).executeTakeFirstOrThrow();
    expect(JSON.parse(bo.roles)).toEqual(['cms']);
    expect(bo.lang).toBe('de');
    const enrolled = await server().ctx.db.selectFrom('enrollments').select('user').where('classid', '=', classid).execute();
    expect(enrolled.map((e) => e.user)).toEqual(expect.arrayContaining([bo.id, existing.id]));
    // The welcome mail is in the account's language and its temporary password signs in once, to set a password.
    const mail = await waitForMail(server().config.dataDir, `bo-${n}@example.org`);
    expect(mail.subject).toContain('Ihr neues Konto');
    const temp = /: (\S+-\d\d!)/.exec(mail.text)?.[1];
    expect(temp).toBeTruthy();
    const login = await server()
      .client()
      .post('/users/login', { login: `bo-${n}@example.org`, password: temp });
    expect(login.status).toBe(200);
    expect(login.body.mustChangePassword).toBe(true);
    // The existing account got no welcome mail.
    expect((await outbox(server().config.dataDir)).some((m) => m.to.includes(existing.email))).toBe(false);

    // The same file again changes nothing and sends nothing.
    const mailsBefore = await server()
      .ctx.db.selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const again = await c.post('/app_users/import', { filename: 'staff.csv', data: b64(good) });
    expect(again.body).toMatchObject({ imported: true, created: 0, enrolled: 0, unchanged: 3 });
    const mailsAfter = await server()
      .ctx.db.selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(mailsAfter.n)).toBe(Number(mailsBefore.n));
  });

  it('reads XLSX, with a registration code for the class', async () => {
    const c = await admin0();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Users');
    ws.addRow(['email', 'firstname', 'lastname', 'regcode']);
    ws.addRow([`xl-${Date.now()}@example.org`, 'Xa', 'Lsx', 'import1']);
    ws.addRow(['', '', '', '']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await c.post('/app_users/import', { filename: 'users.XLSX', data: b64(buf) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 1, created: 1 });
    expect(r.body.rows[0].classid).toBe(classid);
  });

  it('refuses what is not a CSV or XLSX, an unreadable file and a file without the name columns', async () => {
    const c = await admin0();
    expect((await c.post('/app_users/import/preview', { filename: 'x.txt', data: b64('a') })).body.error.message).toBe(MSG.importFileType);
    expect((await c.post('/app_users/import/preview', { filename: 'x.xlsx', data: b64('not a zip') })).body.error.message).toBe(
      MSG.importUnreadable,
    );
    expect((await c.post('/app_users/import/preview', { filename: 'x.csv', data: b64('name,city\nA,B') })).body.error.message).toBe(
      MSG.importNoEmailColumn,
    );
    expect((await c.post('/app_users/import/preview', { filename: 'x.csv', data: b64('"a,b\n"c') })).status).toBe(400);
    // Only admins import.
    const editor = await buildUser(server().ctx, { roles: asRoles('cms') });
    const e = server().client();
    await e.login(editor.email, TEST_PASSWORD);
    expect((await e.post('/app_users/import/preview', { filename: 'x.csv', data: b64('email,firstname,lastname') })).status).toBe(403);
  });

  it('imports 10,000 rows in one go', async () => {
    const c = await admin0();
    const tag = Date.now().toString(36);
    const lines = ['email,firstname,lastname,lang,classid'];
    for (let i = 0; i < 10_000; i++)
      lines.push(`bulk${i}-${tag}@example.org,Learner,Number${String.fromCharCode(65 + (i % 26))},es,${classid}`);
    const data = b64(lines.join('\n'));
    const preview = await c.post('/app_users/import/preview', { filename: 'big.csv', data });
    expect(preview.body).toMatchObject({ total: 10_000, errors: 0, created: 10_000 });
    const r = await c.post('/app_users/import', { filename: 'big.csv', data });
    expect(r.status).toBe(200);
    expect(r.body.created).toBe(10_000);
    const n = await server()
      .ctx.db.selectFrom('enrollments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('classid', '=', classid)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThanOrEqual(10_000);
    // 10,000 welcome mails were queued; the other tests need not wait behind them.
    const queued = await server()
      .ctx.db.updateTable('mail_queue')
      .set({ status: 'failed' })
      .where('to', 'like', `%-${tag}@example.org`)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    expect(Number(queued.numUpdatedRows)).toBeGreaterThan(9000);
    const again = await c.post('/app_users/import', { filename: 'big.csv', data });
    expect(again.body).toMatchObject({ created: 0, enrolled: 0, unchanged: 10_000 });
    // One audit entry with the whole list of accounts it made.
    const entry = await server()
      .ctx.db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'users.import')
      .where('target', '=', 'big.csv')
      .where('changes', 'like', '%"created":10000%')
      .executeTakeFirstOrThrow();
    const listed = await server()
      .ctx.db.selectFrom('audit_targets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('auditid', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(Number(listed.n)).toBe(10_000);
  }, 60_000);

  it('bulk-enrols 20 users, removes them again, and audits each as one action with its list', async () => {
    const c = await admin0();
    const users = await Promise.all(Array.from({ length: 20 }, () => buildUser(server().ctx)));
    const ids = users.map((u) => u.id);
    const course = await buildCourse(server().ctx);
    const cls = await buildClass(server().ctx, course);
    const r = await c.post('/app_users/bulk', { action: 'enroll', classid: cls, selection: { ids } });
    expect(r.body).toEqual({ action: 'enroll', count: 20, changed: 20, unchanged: 0 });
    expect((await c.post('/app_users/bulk', { action: 'enroll', classid: cls, selection: { ids } })).body.changed).toBe(0);
    const audit = await server()
      .ctx.db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'users.bulk.enroll')
      .where('target', '=', cls)
      .execute();
    expect(audit).toHaveLength(2);
    const first = audit.find((a) => JSON.parse(a.changes).count === 20)!;
    const listed = await server().ctx.db.selectFrom('audit_targets').select('target').where('auditid', '=', first.id).execute();
    expect(listed.map((t) => t.target).sort()).toEqual([...ids].sort());
    // The audit list filtered by one learner finds the bulk action that included them.
    const mine = await c.post('/app_admin/audit/page', { target: ids[7], limit: 50 });
    const row = mine.body.rows.find((e: { _id: string }) => e._id === first.id);
    expect(row.targets).toBe(20);
    expect(row.changes).toEqual({ count: 20 });
    // Its list, with each learner's name and e-mail, for admins only.
    const t = await c.post('/app_admin/audit/targets', { auditid: first.id });
    expect(t.status).toBe(200);
    expect(t.headers.get('cache-control')).toContain('no-store');
    expect(t.body.targets).toHaveLength(20);
    expect(t.body.targets).toContainEqual({
      _id: users[3]!.id,
      email: users[3]!.email,
      name: `${users[3]!.firstname} ${users[3]!.lastname}`,
    });
    expect((await c.post('/app_admin/audit/targets', { auditid: 'no-such-entry' })).body.error.message).toBe(MSG.auditEntryNotFound);
    expect((await c.post('/app_admin/audit/targets', {})).status).toBe(400);
    const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
    expect((await editor.post('/app_admin/audit/targets', { auditid: first.id })).status).toBe(403);
    // All matching a filter: everyone in the class.
    const gone = await c.post('/app_users/bulk', { action: 'unenroll', classid: cls, selection: { filter: { classid: cls } } });
    expect(gone.body.changed).toBe(20);
    expect(await server().ctx.db.selectFrom('enrollments').select('id').where('classid', '=', cls).execute()).toEqual([]);
    expect((await c.post('/app_users/bulk', { action: 'enroll', selection: { ids } })).body.error.message).toBe(MSG.bulkClassRequired);
    expect((await c.post('/app_users/bulk', { action: 'enroll', classid: cls, selection: {} })).status).toBe(400);
  });

  it('suspends: sessions end at once, sign-in is refused with a clear message, data stays; reactivates', async () => {
    const c = await admin0();
    const u = await buildUser(server().ctx);
    const learner = server().client();
    await learner.login(u.email, TEST_PASSWORD);
    expect((await learner.get('/app_users/whoami')).body.user?._id).toBe(u.id);
    const r = await c.post('/app_users/bulk', { action: 'suspend', selection: { ids: [u.id] } });
    expect(r.body.changed).toBe(1);
    expect((await learner.get('/app_users/whoami')).body.user).toBeNull();
    const refused = await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MSG.accountSuspended);
    // A wrong password says nothing about the suspension.
    expect((await server().client().post('/users/login', { login: u.email, password: 'Wrong-pass1!' })).body.error.message).toBe(
      MSG.loginFailed,
    );
    const shown = await c.post('/app_users/get', { _id: u.id });
    expect(shown.body.suspended).toBe(true);
    const listed = await c.post('/app_users/list', { search: u.email });
    expect(listed.body.list[0].suspended).toBe(true);
    // The participant table shows it too; the enrolment itself stays.
    await c.post('/app_users/bulk', { action: 'enroll', classid, selection: { ids: [u.id] } });
    const participants = await c.post('/app_enrollment/classEnrollment', { classid });
    expect(participants.body.find((p: { user: string }) => p.user === u.id)?.suspended).toBe(true);
    // Admins only, and never oneself.
    const editor = await buildUser(server().ctx, { roles: asRoles('cms') });
    const e = server().client();
    await e.login(editor.email, TEST_PASSWORD);
    expect((await e.post('/app_users/bulk', { action: 'reactivate', selection: { ids: [u.id] } })).status).toBe(403);
    await c.post('/app_users/bulk', { action: 'reactivate', selection: { ids: [u.id] } });
    expect((await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('sets roles in bulk (admins only), leaving the acting admin alone', async () => {
    const c = await admin0();
    const me = (await c.get('/app_users/whoami')).body.user._id;
    const u = await buildUser(server().ctx);
    const r = await c.post('/app_users/bulk', { action: 'setRoles', roles: ['cms'], selection: { ids: [u.id, me] } });
    expect(r.body).toMatchObject({ count: 2, changed: 1 });
    expect(
      JSON.parse((await server().ctx.db.selectFrom('users').select('roles').where('id', '=', me).executeTakeFirstOrThrow()).roles),
    ).toEqual(['admin']);
  });

  it("writes to a class in each learner's language; the instructor may, a learner may not", async () => {
    await admin0();
    const host = await buildUser(server().ctx);
    const course = await buildCourse(server().ctx);
    const cls = await buildClass(server().ctx, course, { instructor: host.id });
    const fr = await buildUser(server().ctx, { lang: 'fr' });
    const de = await buildUser(server().ctx, { lang: 'de' });
    const c = await admin0();
    await c.post('/app_users/bulk', { action: 'enroll', classid: cls, selection: { ids: [fr.id, de.id] } });
    const h = server().client();
    await h.login(host.email, TEST_PASSWORD);
    const r = await h.post('/app_classes/message', {
      classid: cls,
      subject: 'Week 2',
      text: 'Read lesson 2.',
      translations: { fr: { subject: 'Semaine 2', text: 'Lisez la leçon 2.' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(2);
    expect((await waitForMail(server().config.dataDir, fr.email)).subject).toContain('Semaine 2');
    const deMail = await waitForMail(server().config.dataDir, de.email);
    expect(deMail.subject).toContain('Week 2');
    expect(deMail.text).toContain('Read lesson 2.');
    const l = server().client();
    await l.login(fr.email, TEST_PASSWORD);
    expect((await l.post('/app_classes/message', { classid: cls, subject: 'x', text: 'y' })).status).toBe(403);
    expect((await h.post('/app_classes/message', { classid: cls, subject: '', text: 'y' })).body.error.message).toBe(MSG.messageSubject);
  });

  it('sends a message to the users selected in bulk, each in their language, audited once with its list', async () => {
    const c = await admin0();
    const pt = await buildUser(server().ctx, { lang: 'pt' });
    const en = await buildUser(server().ctx);
    const subject = `Maintenance ${Date.now().toString(36)}`;
    const r = await c.post('/app_users/bulk', {
      action: 'message',
      message: {
        subject,
        text: 'The site is down on Sunday.',
        translations: { pt: { subject: 'Manutenção', text: 'O site está em baixo no domingo.' } },
      },
      selection: { ids: [pt.id, en.id] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ action: 'message', count: 2, changed: 2 });
    expect((await waitForMail(server().config.dataDir, pt.email)).text).toContain('O site está em baixo');
    expect((await waitForMail(server().config.dataDir, en.email)).subject).toContain(subject);
    const entry = await server()
      .ctx.db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'users.bulk.message')
      .where('changes', 'like', `%${subject}%`)
      .executeTakeFirstOrThrow();
    const listed = await server().ctx.db.selectFrom('audit_targets').select('target').where('auditid', '=', entry.id).execute();
    expect(listed.map((t) => t.target).sort()).toEqual([pt.id, en.id].sort());
    // Without a message, or by a learner: refused.
    expect((await c.post('/app_users/bulk', { action: 'message', selection: { ids: [pt.id] } })).body.error.message).toBe(MSG.messageText);
    const l = server().client();
    await l.login(en.email, TEST_PASSWORD);
    expect(
      (await l.post('/app_users/bulk', { action: 'message', message: { subject: 'x', text: 'y' }, selection: { ids: [pt.id] } })).status,
    ).toBe(403);
  });

  it("keeps a learner's notice settings", async () => {
    const u = await buildUser(server().ctx);
    const l = server().client();
    await l.login(u.email, TEST_PASSWORD);
    expect((await l.post('/app_users/notices', { off: ['reply', 'certificate'] })).body).toEqual({ off: ['certificate', 'reply'] });
    expect((await l.get('/app_users/notices')).body).toEqual({ off: ['certificate', 'reply'] });
    expect((await l.post('/app_users/notices', { off: ['nonsense'] })).status).toBe(400);
    expect((await server().client().get('/app_users/notices')).status).toBe(401);
  });

  it('tells a learner their enrolment is confirmed, in their language, unless they turned that notice off', async () => {
    const u = await buildUser(server().ctx, { lang: 'es' });
    const l = server().client();
    await l.login(u.email, TEST_PASSWORD);
    const course = await buildCourse(server().ctx);
    const first = await buildClass(server().ctx, course);
    expect((await l.post(`/app_enrollment/enroll/${first}`, { courseid: course })).status).toBe(200);
    const mail = await waitForMail(server().config.dataDir, u.email);
    expect(mail.subject).toContain('estás inscrito');
    await l.post('/app_users/notices', { off: ['enrollment'] });
    const second = await buildClass(server().ctx, course);
    expect((await l.post(`/app_enrollment/enroll/${second}`, { courseid: course })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const queued = await server().ctx.db.selectFrom('mail_queue').select('id').where('to', '=', u.email).execute();
    expect(queued).toHaveLength(1);
  });

  it('tells a learner their certificate is issued, whether the exam or a view completes the course, unless turned off', async () => {
    const lc = await buildLearningCourse(server().ctx);
    const classid = await buildClass(server().ctx, lc.course);
    const learner = async (off: string[] = []) => {
      const u = await buildUser(server().ctx, { lang: 'es' });
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      if (off.length) await c.post('/app_users/notices', { off });
      expect((await c.post(`/app_enrollment/enroll/${classid}`, { courseid: lc.course })).status).toBe(200);
      const step = {
        view: (lessonid: string, materialid: string) =>
          c.post('/app_enrollment/viewed', { user: u.id, classid, lessonid, course: lc.course, materialid }),
        quiz: () =>
          c.post('/app_enrollment/quiz', { _id: lc.materials.quiz, user: u.id, classid, courseid: lc.course, answers: LEARNING_ANSWERS }),
        exam: () =>
          c.post('/app_enrollment/exam', {
            _id: lc.materials.exam,
            user: u.id,
            classid,
            courseid: lc.course,
            lessonid: lc.lessons[1],
            answers: LEARNING_ANSWERS,
          }),
      };
      return { u, c, ...step };
    };
    const certificateMail = (to: string) => waitForMail(server().config.dataDir, to, (m) => m.subject.includes('certificado'));

    // Passing the exam is the last step.
    const a = await learner();
    await a.view(lc.lessons[0], lc.materials.article);
    await a.quiz();
    await a.view(lc.lessons[1], lc.materials.text);
    const passed = await a.exam();
    expect(passed.body.completed).toBeTruthy();
    expect((await certificateMail(a.u.email)).text).toContain(`/app_users/certificate/${lc.course}`);

    // The same through a started attempt, answered by the letters of the order it was shown in.
    const d = await learner();
    await d.view(lc.lessons[0], lc.materials.article);
    await d.quiz();
    await d.view(lc.lessons[1], lc.materials.text);
    const started = await d.c.post('/app_enrollment/attempt/start', { _id: lc.materials.exam, classid, courseid: lc.course });
    const right = (started.body.questions as { question: string; answers: string[] }[]).map((q) => {
      const n = Number(/\d+/.exec(q.question)![0]);
      return 'ABC'[q.answers.indexOf(['Alpha', 'Beta', 'Gamma'][[2, 3, 1, 2, 3][n - 1]! - 1]!)];
    });
    const submitted = await d.c.post('/app_enrollment/attempt/submit', { attemptid: started.body._id, answers: right });
    expect(submitted.body.completed).toBeTruthy();
    await certificateMail(d.u.email);

    // A view is the last step.
    const b = await learner();
    await b.exam();
    await b.quiz();
    await b.view(lc.lessons[0], lc.materials.article);
    expect((await b.view(lc.lessons[1], lc.materials.text)).body.completed).toBeTruthy();
    await certificateMail(b.u.email);

    // Turned off: the course completes, no notice is queued.
    const c = await learner(['certificate']);
    await c.view(lc.lessons[0], lc.materials.article);
    await c.quiz();
    await c.view(lc.lessons[1], lc.materials.text);
    expect((await c.exam()).body.completed).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    const queued = await server().ctx.db.selectFrom('mail_queue').select('subject').where('to', '=', c.u.email).execute();
    expect(queued.filter((m) => m.subject.includes('certificado'))).toEqual([]);
  });
});
