/**
 * The certificate as a one-page PDF (pdfkit). Names and titles may be in any of the site's languages,
 * Arabic included, so each line goes through the Unicode bidirectional algorithm (bidi-js): it is split
 * into runs of one direction and one font, the runs are put in visual order, and each run is shaped by
 * pdfkit's font engine (fontkit: Arabic joining forms and ligatures, right-to-left glyph order).
 * Fonts come from npm packages (Noto Sans and Noto Sans Arabic, SIL Open Font License), embedded as subsets.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import bidiFactory from 'bidi-js';

export interface CertificateContent {
  name: string;
  courseTitle: string;
  /** YYYY-MM-DD */
  completed: string;
  organisation: string;
  code: string;
  verifyUrl: string;
  /** Label texts, already translated; English keys. */
  labels: (english: string) => string;
  /** The course's time required (its hours), as the course states it. */
  hours?: string;
  /** The organisation's logo (PNG or JPEG bytes), from the site settings. */
  logo?: Buffer;
}

type Weight = 'regular' | 'bold';
const SUBSETS = {
  regular: [
    ['noto-sans', 'latin', 400],
    ['noto-sans', 'latin-ext', 400],
    ['noto-sans-arabic', 'arabic', 400],
    ['noto-sans', 'vietnamese', 400],
    ['noto-sans', 'greek', 400],
    ['noto-sans', 'cyrillic', 400],
  ],
  bold: [
    ['noto-sans', 'latin', 700],
    ['noto-sans', 'latin-ext', 700],
    ['noto-sans-arabic', 'arabic', 700],
    ['noto-sans', 'vietnamese', 700],
    ['noto-sans', 'greek', 700],
    ['noto-sans', 'cyrillic', 700],
  ],
} as const;

interface FontFile {
  name: string;
  data: Buffer;
}
let fontFiles: Record<Weight, FontFile[]> | null = null;

/** Reads the font files once per process. */
function fonts(): Record<Weight, FontFile[]> {
  if (!fontFiles) {
    const load = (w: Weight) =>
      SUBSETS[w].map(([pkg, subset, weight]) => {
        const file = fileURLToPath(import.meta.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`));
        return { name: `${pkg}-${subset}-${weight}`, data: fs.readFileSync(file) };
      });
    fontFiles = { regular: load('regular'), bold: load('bold') };
  }
  return fontFiles;
}

const bidi = bidiFactory();
const BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Keeps a value (a date, a code, an address) left-to-right inside a right-to-left label. */
const ltr = (s: string) => `\u2066${s}\u2069`;
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

interface Run {
  text: string;
  font: string;
  level: number;
}

/** pdfkit document with the fonts registered; the fontkit objects are used to pick a font per character. */
type Doc = InstanceType<typeof PDFDocument>;

function fontFor(doc: Doc, weight: Weight, cp: number, previous: string | null): string {
  const list = fonts()[weight];
  const has = (name: string) => docFonts.get(doc)?.get(name)?.hasGlyphForCodePoint(cp) ?? false;
  // Spaces and punctuation stay in the font of the text around them, so a run is not broken up.
  if (previous && /[\s\p{P}\p{S}\p{N}]/u.test(String.fromCodePoint(cp)) && has(previous)) return previous;
  return list.find((f) => has(f.name))?.name ?? list[0]!.name;
}

const docFonts = new WeakMap<Doc, Map<string, { hasGlyphForCodePoint(cp: number): boolean }>>();

/** Splits one line into runs of one embedding level and one font, in visual (left-to-right) order. */
export function visualRuns(doc: Doc, text: string, weight: Weight): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: Run[] = [];
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = mirrored.get(i) ?? String.fromCodePoint(cp);
    const level = levels[i]!;
    if (BIDI_CONTROL.test(ch)) {
      i += width;
      continue;
    }
    const last = runs.at(-1);
    const font = fontFor(doc, weight, cp, last && last.level === level ? last.font : null);
    if (last && last.level === level && last.font === font) last.text += ch;
    else runs.push({ text: ch, font, level });
    i += width;
  }
  // Rule L2 of the bidi algorithm: from the highest level down to the lowest odd one, reverse every
  // sequence of runs at that level or above.
  const max = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), Infinity);
  for (let level = max; level >= minOdd && level > 0; level--) {
    for (let s = 0; s < runs.length; s++) {
      if (runs[s]!.level < level) continue;
      let e = s;
      while (e + 1 < runs.length && runs[e + 1]!.level >= level) e++;
      runs.splice(s, e - s + 1, ...runs.slice(s, e + 1).reverse());
      s = e;
    }
  }
  // fontkit reverses the glyphs of a run it shapes as Arabic; a right-to-left run without Arabic letters
  // (spaces, punctuation between Arabic words) is reversed here.
  for (const r of runs) if (r.level % 2 === 1 && !ARABIC_LETTER.test(r.text)) r.text = [...r.text].reverse().join('');
  return runs;
}

/** Draws one line centred between `left` and `right`, shrinking the size until it fits. */
function line(
  doc: Doc,
  text: string,
  y: number,
  opts: { size: number; weight?: Weight; color?: string; left: number; right: number; minSize?: number },
) {
  const weight = opts.weight ?? 'regular';
  const runs = visualRuns(doc, text.replace(/\s+/g, ' ').trim(), weight);
  // `features` makes pdfkit shape each run as a whole (not word by word), so Arabic words keep their order.
  const widthAt = (size: number) => runs.reduce((w, r) => w + doc.font(r.font).fontSize(size).widthOfString(r.text, { features: [] }), 0);
  let size = opts.size;
  const available = opts.right - opts.left;
  while (size > (opts.minSize ?? 9) && widthAt(size) > available) size -= 1;
  let x = opts.left + Math.max(0, (available - widthAt(size)) / 2);
  doc.fillColor(opts.color ?? '#222222');
  for (const r of runs) {
    doc.font(r.font).fontSize(size);
    const w = doc.widthOfString(r.text, { features: [] });
    doc.text(r.text, x, y, { lineBreak: false, features: [] });
    x += w;
  }
}

/**
 * pdfkit maps each embedded glyph to one Unicode text (ToUnicode). Noto Sans Arabic draws several
 * letters with one outline plus dots (the initial forms of beh, teh, noon and yeh share one), so text
 * copied from the PDF would read the wrong letter. Here a glyph met again for another character is
 * embedded once more under its own id, and every id maps back to its own character.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fontkit's font internals ship no types
function distinctGlyphText(font: any) {
  // fontkit caches one Glyph per id with the characters it was first made for; a shaped glyph gets a
  // view of it that carries its own characters.
  const fk = font.font;
  const getGlyph = fk.getGlyph.bind(fk);
  fk.getGlyph = (id: number, chars: number[] = []) => {
    const g = getGlyph(id, chars);
    const same = g.codePoints.length === chars.length && g.codePoints.every((c: number, i: number) => c === chars[i]);
    return chars.length && !same ? Object.create(g, { codePoints: { value: chars } }) : g;
  };
  const ids = new Map<string, number>();
  font.encode = function encode(text: string, features?: string[]) {
    const { glyphs, positions } = this.layout(text, features);
    const res: string[] = [];
    for (const glyph of glyphs) {
      const key = `${glyph.id}|${glyph.codePoints.join(',')}`;
      let gid = ids.get(key);
      if (gid === undefined) {
        if (this.subset.mapping[glyph.id] == null) gid = this.subset.includeGlyph(glyph.id) as number;
        else {
          this.subset.glyphs.push(glyph.id);
          gid = this.subset.glyphs.length - 1;
        }
        ids.set(key, gid);
      }
      res.push(`0000${gid.toString(16)}`.slice(-4));
      this.widths[gid] ??= glyph.advanceWidth * this.scale;
      this.unicode[gid] ??= glyph.codePoints;
    }
    return [res, positions];
  };
}

/** The certificate PDF as bytes. */
export async function renderCertificate(c: CertificateContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `${c.labels('Certificate of Completion')}: ${c.courseTitle}`,
      Author: c.organisation,
      Subject: c.name,
      Creator: c.organisation,
    },
  });
  const registered = new Map<string, { hasGlyphForCodePoint(cp: number): boolean }>();
  for (const weight of ['regular', 'bold'] as const) {
    for (const f of fonts()[weight]) {
      doc.registerFont(f.name, f.data);
      doc.font(f.name);
      distinctGlyphText(doc._font);
      registered.set(f.name, doc._font.font);
    }
  }
  docFonts.set(doc, registered);

  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const W = doc.page.width;
  const H = doc.page.height;
  const left = 70;
  const right = W - 70;
  doc
    .lineWidth(6)
    .strokeColor('#1f4e79')
    .rect(24, 24, W - 48, H - 48)
    .stroke();
  doc
    .lineWidth(1.5)
    .strokeColor('#8fb3d9')
    .rect(36, 36, W - 72, H - 72)
    .stroke();

  if (c.logo) {
    // Centred above the organisation's name, so it sits right in both reading directions.
    try {
      doc.image(c.logo, W / 2 - 80, 42, { fit: [160, 34], align: 'center', valign: 'center' });
    } catch {
      // Not an image pdfkit can draw (PNG or JPEG): the certificate goes out without it.
    }
  }
  line(doc, c.organisation, 80, { size: 20, weight: 'bold', color: '#1f4e79', left, right });
  line(doc, c.labels('Certificate of Completion'), 130, { size: 34, weight: 'bold', color: '#1f4e79', left, right });
  line(doc, c.labels('This certifies that'), 205, { size: 16, left, right });
  line(doc, c.name, 240, { size: 30, weight: 'bold', left, right });
  doc
    .lineWidth(0.8)
    .strokeColor('#999999')
    .moveTo(W / 2 - 220, 290)
    .lineTo(W / 2 + 220, 290)
    .stroke();
  line(doc, c.labels('has completed the course'), 310, { size: 16, left, right });
  line(doc, c.courseTitle, 345, { size: 24, weight: 'bold', color: '#1f4e79', left, right });
  line(doc, `${c.labels('Completed on')} ${ltr(c.completed)}`, 410, { size: 14, left, right });
  if (c.hours) line(doc, `${c.labels('Course hours')}: ${c.hours}`, 435, { size: 14, left, right });
  line(doc, `${c.labels('Verification code')}: ${ltr(c.code)}`, H - 120, { size: 11, color: '#444444', left, right });
  line(doc, `${c.labels('Check this certificate at')} ${ltr(c.verifyUrl)}`, H - 100, { size: 9, color: '#666666', left, right });
  doc.end();
  return done;
}
