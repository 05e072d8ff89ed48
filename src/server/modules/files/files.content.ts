/**
 * What an upload's bytes really are. Every allowed type is checked by its magic bytes with file-type
 * (a maintained detection library) against the extension the name claims; text formats must look
 * like text. An SVG goes through DOMPurify on a jsdom window (a real parser, so an entity-encoded
 * `javascript:` link is seen for what it is): one with scripts, event handlers, embedded documents or
 * script links is refused, and what is stored is DOMPurify's clean serialisation.
 */
import { fileTypeFromBuffer } from 'file-type';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { extensionOf } from './files.safety.ts';

const MP4 = ['mp4', 'm4v', 'm4a', 'm4b', 'm4p', 'mov', 'qt', '3gp', '3g2', 'f4v', 'f4a', 'f4b', 'f4p'];
const OGG = ['ogg', 'oga', 'ogv', 'opus', 'ogm', 'ogx', 'spx'];
const OFFICE_ZIP = (ext: string) => [ext, 'zip'];
const OLD_OFFICE = (ext: string) => [ext, 'cfb'];

/** Extension -> what file-type may report for it. */
const BINARY: Record<string, string[]> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  avif: ['avif'],
  bmp: ['bmp'],
  ico: ['ico', 'cur'],
  pdf: ['pdf'],
  mp4: MP4,
  m4v: MP4,
  mov: MP4,
  m4a: MP4,
  webm: ['webm', 'mkv'],
  ogv: OGG,
  ogg: OGG,
  oga: OGG,
  mp3: ['mp3'],
  aac: ['aac', 'm4a'],
  wav: ['wav'],
  flac: ['flac'],
  zip: ['zip'],
  epub: ['epub', 'zip'],
  docx: OFFICE_ZIP('docx'),
  xlsx: OFFICE_ZIP('xlsx'),
  pptx: OFFICE_ZIP('pptx'),
  odt: OFFICE_ZIP('odt'),
  ods: OFFICE_ZIP('ods'),
  odp: OFFICE_ZIP('odp'),
  doc: OLD_OFFICE('doc'),
  xls: OLD_OFFICE('xls'),
  ppt: OLD_OFFICE('ppt'),
  rtf: ['rtf'],
};
/** Text formats: no magic number; they must not be a binary file file-type recognises, nor hold NUL bytes. */
const TEXT = new Set(['txt', 'csv', 'vtt', 'srt', 'json', 'svg']);

export type ContentVerdict = 'ok' | 'notAllowed' | 'mismatch';

/** Whether the bytes are what the extension says (and the extension is one we accept at all). */
export async function checkContent(filename: string, bytes: Uint8Array): Promise<ContentVerdict> {
  const ext = extensionOf(filename);
  const detected = await fileTypeFromBuffer(bytes);
  if (TEXT.has(ext)) {
    // file-type reports XML documents as 'xml': an SVG is one.
    if (detected && !(ext === 'svg' && detected.ext === 'xml')) return 'mismatch';
    return bytes.subarray(0, 65536).includes(0) ? 'mismatch' : 'ok';
  }
  const accepted = BINARY[ext];
  if (!accepted) return 'notAllowed';
  return detected && accepted.includes(detected.ext) ? 'ok' : 'mismatch';
}

// ---------------------------------------------------------------------------------------------------
// SVG

let purifier: ReturnType<typeof createDOMPurify> | null = null;
function purify() {
  // One window for the process: DOMPurify parses each document into a fresh inert one of its own.
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return purifier;
}

/** Elements that run or embed something, and attributes that do: their removal means the file was active. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'use',
  'a',
]);
const ACTIVE_ATTRIBUTE = /^(on|href$|xlink:href$|src$|action$|formaction$|style$)/i;

/**
 * The SVG cleaned by DOMPurify, or 'active' when it held script or a link to script (refused), or
 * 'unreadable' when nothing that is an SVG is left.
 */
export function sanitizeSvg(bytes: Uint8Array): { svg: Buffer } | 'active' | 'unreadable' {
  const p = purify();
  const text = Buffer.from(bytes).toString('utf8');
  const clean = p.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_TRUSTED_TYPE: false }) as unknown as string;
  const removed = p.removed as { element?: { nodeName?: string }; attribute?: { name?: string } | null; from?: { nodeName?: string } }[];
  for (const r of removed) {
    if (r.attribute && ACTIVE_ATTRIBUTE.test(r.attribute.name ?? '')) return 'active';
    if (!r.attribute && r.element && ACTIVE_ELEMENTS.has((r.element.nodeName ?? '').toLowerCase())) return 'active';
  }
  if (!/^\s*<svg[\s>]/i.test(clean)) return 'unreadable';
  // Served on its own, an SVG needs its namespace; the HTML serialiser may leave it out.
  const withNs = /^\s*<svg[^>]*\sxmlns=/i.test(clean) ? clean : clean.replace(/^\s*<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return { svg: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${withNs}`, 'utf8') };
}
