/** Files through the real server, on SQLite and on PostgreSQL: upload, serve, cache headers, refusals. */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { FILE_MAX_BYTES } from '../../../domain/validation.ts';

/** The smallest valid PNG (1x1). */
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../../../domain/constants.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Posts a multipart form like the browser's: `fields` first, then `thefile` when given. */
async function upload(client: TestClient, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('thefile', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  // The web app's upload sends its request header like every other call.
  const headers: Record<string, string> = { [APP_REQUEST_HEADER]: APP_REQUEST_VALUE };
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}/app_files/upload`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

describeEachEngine('files API', (server) => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(server());
  });
  const db = () => server().ctx.db;
  const countFiles = async () => (await db().selectFrom('files').select('filename').execute()).length;
  const context = () => `ctx-${Math.random().toString(36).slice(2, 8)}`;

  describe('upload and serve', () => {
    it('stores an image and serves it with its type, ETag, caching, nosniff and inline disposition', async () => {
      const r = await upload(as.editor, { context: 'home', title: 'A pixel' }, { name: 'pixel.png', bytes: PNG, type: 'text/html' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        filename: 'pixel.png',
        title: 'A pixel',
        context: 'home',
        mime: 'image/png',
        size: PNG.length,
        url: '/files/pixel.png',
      });
      const served = await fetch(`${server().baseUrl}/files/pixel.png`);
      expect(served.status).toBe(200);
      // The type comes from the name, never from what the uploader claimed (text/html here).
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="pixel.png"/);
      const etag = served.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

      const again = await fetch(`${server().baseUrl}/files/pixel.png`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
      const changed = await fetch(`${server().baseUrl}/files/pixel.png`, { headers: { 'if-none-match': '"something-else"' } });
      expect(changed.status).toBe(200);
    });

    it('serves documents that are not images, video or audio (PDFs included) as downloads', async () => {
      const csv = await upload(as.editor, { context: 'resources' }, { name: 'grades.csv', bytes: Buffer.from('a,b\n1,2\n') });
      expect(csv.status).toBe(200);
      const served = await fetch(`${server().baseUrl}${csv.body.url}`);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="grades.csv"/);
      expect(served.headers.get('content-type')).toMatch(/^text\/csv/);
      const pdf = await upload(as.editor, { context: 'resources' }, { name: 'guide.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
      expect((await fetch(`${server().baseUrl}${pdf.body.url}`)).headers.get('content-disposition')).toMatch(/^attachment/);
    });

    it('cleans the name and makes it unique', async () => {
      const first = await upload(as.editor, { context: 'home' }, { name: '../../etc/My Photo?.PNG', bytes: PNG });
      expect(first.status).toBe(200);
      expect(first.body.filename).toBe('My-Photo.png');
      const second = await upload(as.editor, { context: 'home' }, { name: 'My Photo?.png', bytes: PNG });
      expect(second.body.filename).toBe('My-Photo-2.png');
      const odd = await upload(as.editor, { context: 'home' }, { name: 'a\u0001b\\c d.png', bytes: PNG });
      expect(odd.body.filename).toBe('c-d.png');
      expect((await fetch(`${server().baseUrl}/files/My-Photo-2.png`)).status).toBe(200);
    });

    it('refuses a file over 10 MB with 413 and a clear message, and stores nothing', async () => {
      const before = await countFiles();
      const r = await upload(as.admin, { context: 'home' }, { name: 'huge.png', bytes: Buffer.alloc(FILE_MAX_BYTES + 1, 1) });
      expect(r.status).toBe(413);
      expect(r.body.error.message).toBe(MSG.fileTooLarge);
      expect(await countFiles()).toBe(before);
    });

    const executables: [string, string, Uint8Array][] = [
      ['a Windows program by name', 'setup.exe', PNG],
      ['a batch file by name', 'run.bat', Buffer.from('echo hi')],
      ['a shell script by name', 'install.sh', Buffer.from('echo hi')],
      ['JavaScript by name', 'app.mjs', Buffer.from('export {}')],
      ['a web page by name', 'page.html', Buffer.from('<p>hi</p>')],
      ['PHP by name', 'shell.php', Buffer.from('<?php echo 1;')],
      ['a Java archive by name', 'tool.jar', Buffer.from('PK\u0003\u0004')],
      ['an installer by name', 'setup.msi', Buffer.from('x')],
      ['an ELF binary named as a picture', 'cat.png', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      ['a Windows PE program named as a PDF', 'report.pdf', Buffer.from('MZ\u0090\u0000\u0003')],
      ['a Mach-O binary named as a document', 'notes.docx', Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1])],
      ['a shebang script named as text', 'readme.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['an SVG with script', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['an SVG with an event handler', 'logo2.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
      ['an SVG with script named as a picture', 'logo.gif', Buffer.from('<?xml version="1.0"?>\n<svg><script>alert(1)</script></svg>')],
    ];
    for (const [name, filename, bytes] of executables) {
      it(`refuses ${name} with 400 and a clear message`, async () => {
        const before = await countFiles();
        const r = await upload(as.editor, { context: 'home' }, { name: filename, bytes });
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.fileRefused);
        expect(await countFiles()).toBe(before);
      });
    }

    it('accepts an SVG without script, served with a sandboxing policy', async () => {
      const r = await upload(
        as.editor,
        { context: 'home' },
        { name: 'shape.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>') },
      );
      expect(r.status).toBe(200);
      const served = await fetch(`${server().baseUrl}/files/shape.svg`);
      expect(served.headers.get('content-type')).toBe('image/svg+xml');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
    });

    it('refuses signed-out and learner uploads, and stores nothing', async () => {
      const before = await countFiles();
      const visitor = await upload(as.visitor, { context: 'home' }, { name: 'v.png', bytes: PNG });
      expect(visitor.status).toBe(401);
      const learner = await upload(as.learner, { context: 'home' }, { name: 'l.png', bytes: PNG });
      expect(learner.status).toBe(403);
      expect(typeof learner.body.error.message).toBe('string');
      expect(await countFiles()).toBe(before);
    });

    it('refuses an upload without a context, without a file, with an empty file or not as a form (400)', async () => {
      const before = await countFiles();
      const noContext = await upload(as.editor, {}, { name: 'a.png', bytes: PNG });
      expect(noContext.status).toBe(400);
      expect(noContext.body.error.message).toBe(MSG.contextRequired);
      const noFile = await upload(as.editor, { context: 'home' });
      expect(noFile.status).toBe(400);
      expect(noFile.body.error.message).toBe(MSG.fileMissing);
      const empty = await upload(as.editor, { context: 'home' }, { name: 'empty.png', bytes: new Uint8Array() });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe(MSG.fileEmpty);
      const json = await as.editor.post('/app_files/upload', { thefile: 'aGVsbG8=', context: 'home' });
      expect(json.status).toBe(400);
      expect(json.body.error.message).toBe(MSG.uploadForm);
      expect(await countFiles()).toBe(before);
    });

    it('answers a malformed or overfull form with 400, never 500, and stores nothing', async () => {
      const before = await countFiles();
      const cookie = [...as.editor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const part = (name: string, value: string, filename?: string) =>
        `--b0\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
      const bodies: [string, string][] = [
        ['multipart/form-data; boundary=b0', 'garbage'],
        ['multipart/form-data', 'no boundary'],
        [
          'multipart/form-data; boundary=b0',
          `${part('context', 'home')}--b0\r\nContent-Disposition: form-data; name="thefile"; filename="cut.txt"\r\n\r\ncut sh`,
        ],
        [
          'multipart/form-data; boundary=b0',
          `${part('context', 'home')}${part('thefile', 'one', 'a.txt')}${part('thefile', 'two', 'b.txt')}--b0--\r\n`,
        ],
      ];
      for (const [type, body] of bodies) {
        const r = await fetch(`${server().baseUrl}/app_files/upload`, {
          method: 'POST',
          headers: { 'content-type': type, cookie, [APP_REQUEST_HEADER]: APP_REQUEST_VALUE },
          body,
        });
        expect(r.status, body.slice(0, 40)).toBe(400);
        expect(((await r.json()) as { error: { message: string } }).error.message).toBe(MSG.uploadForm);
      }
      expect(await countFiles()).toBe(before);
    });

    it('answers 404 for a file that is not there', async () => {
      const r = await fetch(`${server().baseUrl}/files/no-such-file.png`);
      expect(r.status).toBe(404);
      expect(((await r.json()) as { error: { message: string } }).error.message).toBe(MSG.notFound);
    });
  });

  describe('list, get, save, remove', () => {
    it('lists files of a context and gets one, for everyone, without the bytes', async () => {
      const ctx = context();
      await upload(as.editor, { context: ctx }, { name: `${ctx}-b.png`, bytes: PNG });
      await upload(as.editor, { context: ctx }, { name: `${ctx}-a.png`, bytes: PNG });
      await upload(as.editor, { context: 'elsewhere' }, { name: `${ctx}-c.png`, bytes: PNG });
      const list = await as.visitor.post('/app_files/list', { context: ctx });
      expect(list.status).toBe(200);
      expect(list.body.map((f: { filename: string }) => f.filename)).toEqual([`${ctx}-a.png`, `${ctx}-b.png`]);
      expect(list.body[0]).not.toHaveProperty('thefile');
      const got = await as.learner.post('/app_files/get', { filename: `${ctx}-a.png` });
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({ filename: `${ctx}-a.png`, context: ctx, mime: 'image/png' });
      expect(got.body).not.toHaveProperty('thefile');
      expect((await as.learner.post('/app_files/get', { filename: 'no-such-file' })).status).toBe(404);
      const missing = await as.learner.post('/app_files/get', {});
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe(MSG.missingId);
    });

    it('saves a title and context for an editor only', async () => {
      const ctx = context();
      const up = await upload(as.editor, { context: ctx }, { name: `${ctx}.png`, bytes: PNG });
      const filename = up.body.filename;
      expect((await as.visitor.post('/app_files/save', { filename, context: 'moved', title: 'x' })).status).toBe(401);
      expect((await as.learner.post('/app_files/save', { filename, context: 'moved', title: 'x' })).status).toBe(403);
      expect((await as.editor.post('/app_files/get', { filename })).body.context).toBe(ctx);
      const saved = await as.editor.post('/app_files/save', { filename, context: 'moved', title: 'Now titled' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ filename, context: 'moved', title: 'Now titled' });
      const noContext = await as.editor.post('/app_files/save', { filename });
      expect(noContext.status).toBe(400);
      expect(noContext.body.error.message).toBe(MSG.contextRequired);
      const noName = await as.editor.post('/app_files/save', { context: 'x' });
      expect(noName.body.error.message).toBe(MSG.missingId);
      expect((await as.editor.post('/app_files/save', { filename: 'no-such-file', context: 'x' })).status).toBe(404);
    });

    it('removes a file for an editor only; it is then no longer served', async () => {
      const ctx = context();
      const { body } = await upload(as.editor, { context: ctx }, { name: `${ctx}.png`, bytes: PNG });
      expect((await as.visitor.post('/app_files/remove', { filename: body.filename })).status).toBe(401);
      expect((await as.learner.post('/app_files/remove', { filename: body.filename })).status).toBe(403);
      expect((await fetch(`${server().baseUrl}${body.url}`)).status).toBe(200);
      expect((await as.editor.post('/app_files/remove', { filename: body.filename })).status).toBe(200);
      expect((await fetch(`${server().baseUrl}${body.url}`)).status).toBe(404);
      expect((await as.editor.post('/app_files/remove', { filename: body.filename })).status).toBe(404);
      expect((await as.editor.post('/app_files/remove', {})).status).toBe(400);
    });
  });
});
