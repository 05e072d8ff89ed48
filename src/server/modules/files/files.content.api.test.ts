/**
 * Uploads checked by what their bytes are, through the real server on both engines: magic bytes
 * against the extension (file-type), SVGs through DOMPurify, PDFs only as downloads.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../../../domain/constants.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);
const PDF_WITH_JS = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function upload(client: TestClient, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('context', 'content-checks');
  form.append('thefile', new Blob([new Uint8Array(bytes)]), name);
  const headers: Record<string, string> = { [APP_REQUEST_HEADER]: APP_REQUEST_VALUE };
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}/app_files/upload`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as any };
}

describeEachEngine('upload content checks', (server) => {
  let editor: TestClient;
  beforeAll(async () => {
    editor = (await roleClients(server())).editor;
  });
  const count = async () => (await server().ctx.db.selectFrom('files').select('filename').execute()).length;

  const refused: [string, string, Uint8Array, string][] = [
    ['a PNG named as a PDF', 'report.pdf', PNG, MSG.fileTypeMismatch],
    ['a JPEG named as a PNG', 'photo.png', JPEG, MSG.fileTypeMismatch],
    ['text named as a picture', 'photo.jpg', Buffer.from('just some words'), MSG.fileTypeMismatch],
    ['a picture named as text', 'notes.txt', PNG, MSG.fileTypeMismatch],
    ['a PDF named as a spreadsheet', 'sheet.xlsx', PDF_WITH_JS, MSG.fileTypeMismatch],
    ['text with NUL bytes named as CSV', 'data.csv', Buffer.from('a,b\u0000\u0000c'), MSG.fileTypeMismatch],
    ['a file of a type not on the list', 'readme.md', Buffer.from('# Title'), MSG.fileTypeNotAllowed],
    [
      'an SVG with an entity-encoded javascript: link',
      'link.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><text y="10">x</text></a></svg>',
      ),
      MSG.fileRefused,
    ],
    [
      'an SVG with a foreignObject holding HTML',
      'embed.svg',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example.com"></iframe></foreignObject></svg>',
      ),
      MSG.fileRefused,
    ],
    ['an SVG that is not one', 'broken.svg', Buffer.from('<?xml version="1.0"?><html><body>nope</body></html>'), MSG.svgUnreadable],
  ];
  for (const [what, name, bytes, message] of refused) {
    it(`refuses ${what} with a clear message and stores nothing`, async () => {
      const before = await count();
      const r = await upload(editor, name, bytes);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(message);
      expect(await count()).toBe(before);
    });
  }

  it('accepts files whose bytes match their names', async () => {
    for (const [name, bytes] of [
      ['dot.png', PNG],
      ['dot.jpeg', JPEG],
      ['list.csv', Buffer.from('a,b\n1,2\n')],
      ['guide.pdf', PDF_WITH_JS],
    ] as const) {
      expect((await upload(editor, name, bytes)).status, name).toBe(200);
    }
  });

  it('serves a PDF only as a download, whatever it asks a viewer to run', async () => {
    const r = await upload(editor, 'open-action.pdf', PDF_WITH_JS);
    expect(r.status).toBe(200);
    const served = await fetch(`${server().baseUrl}${r.body.url}`);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="open-action.pdf"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('stores what DOMPurify keeps of an SVG: safe links and shapes stay, the rest goes', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>Dot</title>' +
      '<a href="https://example.org/"><circle r="4" fill="red"/></a><madeup>hidden</madeup></svg>';
    const r = await upload(editor, 'dot.svg', Buffer.from(svg));
    expect(r.status).toBe(200);
    const served = await fetch(`${server().baseUrl}${r.body.url}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    const text = await served.text();
    expect(text).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(text).toContain('<circle r="4" fill="red"');
    expect(text).toContain('href="https://example.org/"');
    expect(text).not.toContain('madeup');
  });
});
