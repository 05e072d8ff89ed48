/**
 * What may be uploaded and how it is served. Files are served from our own origin, so anything a browser
 * or an operating system could run is refused, by name and by content; the content type comes from the
 * name (never from the uploader's claim) and is sent with nosniff.
 */

/** Served content types by extension; anything else is application/octet-stream (a download). */
const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'text/plain; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  epub: 'application/epub+zip',
};

/** Programs, scripts and pages that would run in a browser on our origin or on the reader's machine. */
const REFUSED_EXTENSIONS = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'cpl',
  'msi',
  'msp',
  'msc',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'wsf',
  'wsh',
  'hta',
  'lnk',
  'reg',
  'inf',
  'gadget',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'command',
  'js',
  'mjs',
  'cjs',
  'jse',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'xht',
  'mht',
  'mhtml',
  'php',
  'php3',
  'php4',
  'php5',
  'php7',
  'phtml',
  'phar',
  'jsp',
  'asp',
  'aspx',
  'cgi',
  'pl',
  'py',
  'pyc',
  'rb',
  'jar',
  'class',
  'war',
  'apk',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'bin',
  'elf',
  'so',
  'dylib',
  'run',
  'xap',
  'swf',
]);

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/** Executables by their first bytes: ELF, Windows PE ('MZ'), Mach-O (both byte orders, and fat binaries), scripts with '#!'. */
export function looksExecutable(bytes: Uint8Array): boolean {
  const b = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes; // a UTF-8 BOM hides nothing
  return [
    [0x7f, 0x45, 0x4c, 0x46], // ELF
    [0x4d, 0x5a], // MZ
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe], // Mach-O fat binary (and Java classes)
    [0x23, 0x21], // #!
  ].some((sig) => startsWith(b, sig));
}

/** An SVG is a document: with script, event handlers or embedded HTML it would run when opened. */
export function svgHasScript(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('utf8');
  return /<script|\son[a-z]+\s*=|javascript:|<foreignObject|<iframe|<embed|<object|<handler/i.test(text);
}

const looksLikeSvg = (bytes: Uint8Array) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(Buffer.from(bytes.subarray(0, 4096)).toString('utf8'));

export const extensionOf = (filename: string) => (/\.([^.]+)$/.exec(filename)?.[1] ?? '').toLowerCase();
export const mimeOf = (filename: string) => MIME[extensionOf(filename)] ?? 'application/octet-stream';

/** Why an upload is refused, or null when it may be stored. */
export function refusal(filename: string, bytes: Uint8Array): 'executable' | null {
  const ext = extensionOf(filename);
  if (REFUSED_EXTENSIONS.has(ext) || looksExecutable(bytes)) return 'executable';
  if ((ext === 'svg' || looksLikeSvg(bytes)) && svgHasScript(bytes)) return 'executable';
  return null;
}

/**
 * Browsers show these in the page; everything else is downloaded. PDFs are downloaded too: a PDF
 * viewer runs the document's own actions (/OpenAction /JavaScript) when it is opened inline.
 */
export const showsInline = (mime: string) => /^(image|video|audio)\//.test(mime);

/**
 * A name safe in a URL path and a header: the last path segment only, letters (any script), digits,
 * '.', '-' and '_', no leading dot, at most 100 characters with the extension kept.
 */
export function safeFilename(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-*\.-*/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '');
  const ext = extensionOf(cleaned);
  const stem = (ext ? cleaned.slice(0, -(ext.length + 1)) : cleaned).slice(0, 90) || 'file';
  return ext ? `${stem}.${ext.slice(0, 9)}` : stem;
}

/** The n-th alternative of a taken name: photo.png, photo-2.png, photo-3.png... */
export function numbered(filename: string, n: number): string {
  if (n < 2) return filename;
  const ext = extensionOf(filename);
  const stem = ext ? filename.slice(0, -(ext.length + 1)) : filename;
  return ext ? `${stem}-${n}.${ext}` : `${stem}-${n}`;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name. */
export function disposition(filename: string, mime: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${showsInline(mime) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
