/** The certificate PDF and the public verification call, through the real server on both engines. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { syncLabels } from '../../seed/labels.ts';
import { insertFile } from '../files/files.repository.ts';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildClass, buildCourse, signedInUser } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { enroll } from '../enrollment/enrollment.repository.ts';
import { pdfTextRuns } from './pdf-text.ts';

describeEachEngine('certificates API', (server) => {
  /** A learner with an enrolment in a new course, completed on the given day unless null. */
  async function learner(opts: { firstname?: string; lastname?: string; title?: string; lang?: string; completed?: string | null } = {}) {
    const { ctx } = server();
    const course = await buildCourse(ctx, { title: opts.title ?? 'Community Health Basics', lang: opts.lang ?? 'en' });
    const classid = await buildClass(ctx, course);
    const cls = await ctx.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
    const { user, client } = await signedInUser(server(), {
      firstname: opts.firstname ?? 'Nadia',
      lastname: opts.lastname ?? 'Haddad',
      lang: opts.lang ?? 'en',
    });
    const id = await enroll(ctx.db, user.id, cls);
    if (opts.completed !== null)
      await ctx.db
        .updateTable('enrollments')
        .set({ completed: `${opts.completed ?? '2026-10-20'}T15:30:00.000Z` })
        .where('id', '=', id)
        .execute();
    return { course, user, client, id };
  }
  const pdfOf = async (client: ReturnType<ReturnType<typeof server>['client']>, course: string) => {
    const res = await fetch(`${client.baseUrl}/app_users/certificate/${encodeURIComponent(course)}`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    return { res, pdf: Buffer.from(await res.arrayBuffer()) };
  };

  describe('GET /app_users/certificate/{courseid}', () => {
    it('gives a completed learner an inline PDF with name, course, date, organisation and code', async () => {
      const { course, client } = await learner();
      const { res, pdf } = await pdfOf(client, course);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="certificate-.+\.pdf"$/);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfTextRuns(pdf).join('');
      expect(text).toContain('Nadia Haddad');
      expect(text).toContain('Community Health Basics');
      expect(text).toContain('2026-10-20');
      expect(text).toContain('Open Learning Commons');
      expect(text).toMatch(/Verification code: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    });

    it('renders an Arabic name and course title as text in reading order', async () => {
      const name = { firstname: 'ليلى', lastname: 'بن حداد' };
      const title = 'أساسيات صحة المجتمع';
      const { course, client } = await learner({ ...name, title, lang: 'ar' });
      const { res, pdf } = await pdfOf(client, course);
      expect(res.status).toBe(200);
      const runs = pdfTextRuns(pdf);
      expect(runs).toContain('ليلى بن حداد');
      expect(runs).toContain(title);
    });

    it('answers 401 signed out and 403 with a clear message before completion', async () => {
      const { course, client } = await learner({ completed: null });
      expect((await server().client().get(`/app_users/certificate/${course}`)).status).toBe(401);
      const r = await client.get(`/app_users/certificate/${course}`);
      expect([r.status, r.body.error.message]).toEqual([403, MSG.certificateNotReady]);
      const other = await client.get('/app_users/certificate/no-such-course');
      expect([other.status, other.body.error.message]).toEqual([403, MSG.certificateNotReady]);
      // An over-long id is refused by the route's schema with a clear message.
      const long = await client.get(`/app_users/certificate/${'x'.repeat(300)}`);
      expect(long.status).toBe(400);
      expect(typeof long.body.error.message).toBe('string');
    });
  });

  describe('hours and logo', () => {
    /** A small solid PNG (the format pdfkit draws), made here so the test needs no image file. */
    function png(w: number, h: number): Buffer {
      const crcTable = Array.from({ length: 256 }, (_, n) => {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        return c >>> 0;
      });
      const crc = (b: Buffer) => {
        let c = 0xffffffff;
        for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
        return (c ^ 0xffffffff) >>> 0;
      };
      const chunk = (type: string, data: Buffer) => {
        const len = Buffer.alloc(4);
        len.writeUInt32BE(data.length);
        const td = Buffer.concat([Buffer.from(type), data]);
        const c = Buffer.alloc(4);
        c.writeUInt32BE(crc(td));
        return Buffer.concat([len, td, c]);
      };
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(w, 0);
      ihdr.writeUInt32BE(h, 4);
      ihdr[8] = 8;
      ihdr[9] = 2;
      const raw = Buffer.concat(Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x33)])));
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', zlib.deflateSync(raw)),
        chunk('IEND', Buffer.alloc(0)),
      ]);
    }

    it("prints the course hours and the site's logo in the learner's language; the verification shows the hours", async () => {
      const { ctx } = server();
      await syncLabels(ctx);
      const { course, client } = await learner({ firstname: 'ليلى', lastname: 'حداد', title: 'أساسيات صحة المجتمع', lang: 'ar' });
      await ctx.db.updateTable('courses').set({ timerequired: '12 ساعة' }).where('id', '=', course).execute();
      const plain = (await pdfOf(client, course)).pdf;
      expect(plain.includes('/Subtype /Image')).toBe(false);
      await insertFile(ctx.db, { filename: 'logo.png', title: 'Logo', context: 'site', mime: 'image/png', bytes: png(40, 20) });
      await ctx.site.saveConfig({ logo: '/files/logo.png' });
      const { res, pdf } = await pdfOf(client, course);
      expect(res.status).toBe(200);
      expect(pdf.includes('/Subtype /Image')).toBe(true);
      const runs = pdfTextRuns(pdf);
      expect(runs.join('')).toContain('ساعات المقرر');
      // A line of mixed scripts comes back run by run in visual order: the number and the word each in its run.
      expect(runs.some((r) => r.includes('ساعة'))).toBe(true);
      expect(runs.some((r) => r.includes('12'))).toBe(true);
      const code = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(runs.join(''))![1]!;
      const v = await server().client().get(`/app_certificates/verify/${code}`);
      expect(v.body).toMatchObject({ valid: true, name: 'ليلى حداد', hours: '12 ساعة' });
      // A logo that is not a picture pdfkit can draw, or an outside address, leaves the certificate without one.
      await ctx.site.saveConfig({ logo: 'https://example.org/logo.svg' });
      expect((await pdfOf(client, course)).pdf.includes('/Subtype /Image')).toBe(false);
    });
  });

  describe('GET /app_certificates/verify/{code}', () => {
    it('confirms a genuine code to anyone, in any case and with or without dashes; the code never changes', async () => {
      const { course, client } = await learner({ firstname: 'Tomás', lastname: 'Ferreira', title: 'Introduction to Online Learning' });
      const first = pdfTextRuns((await pdfOf(client, course)).pdf).join('');
      const code = /Verification code: ([A-Z2-9-]{19})/.exec(first)![1]!;
      const again = pdfTextRuns((await pdfOf(client, course)).pdf).join('');
      expect(again).toContain(code);
      for (const typed of [code, code.toLowerCase(), code.replace(/-/g, '')]) {
        const r = await server().client().get(`/app_certificates/verify/${typed}`);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({
          valid: true,
          code,
          name: 'Tomás Ferreira',
          course: 'Introduction to Online Learning',
          courseid: course,
          completed: '2026-10-20',
          organisation: 'Open Learning Commons',
        });
      }
    });

    it('answers 404 for a code that is not genuine', async () => {
      const { course, client } = await learner();
      const code = /Verification code: ([A-Z2-9-]{19})/.exec(pdfTextRuns((await pdfOf(client, course)).pdf).join(''))![1]!;
      const forged = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
      for (const c of [forged, 'ABCD', 'x'.repeat(64)]) {
        const r = await server().client().get(`/app_certificates/verify/${c}`);
        expect([r.status, r.body.error.message]).toEqual([404, MSG.certificateNotFound]);
      }
      expect(
        (
          await server()
            .client()
            .get(`/app_certificates/verify/${'x'.repeat(65)}`)
        ).status,
      ).toBe(400);
    });
  });
});
