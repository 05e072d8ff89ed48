/**
 * Test helper: the text a PDF reader would extract from a pdfkit document, read the way readers do it,
 * through each font's ToUnicode map (so a wrong glyph-to-text map fails the test). Returns one string
 * per text-showing operator; a run of Arabic glyphs (drawn right to left) is given back in reading order.
 * Handles what pdfkit writes (Type0 fonts, Identity-H, Flate streams), not PDFs in general.
 */
import zlib from 'node:zlib';

interface PdfObject {
  num: number;
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): PdfObject[] {
  const text = pdf.toString('latin1');
  const out: PdfObject[] = [];
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const s = body.indexOf('stream');
    if (s < 0) {
      out.push({ num: Number(m[1]), dict: body });
      continue;
    }
    const dict = body.slice(0, s);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    let dataStart = start + s + 'stream'.length;
    if (text[dataStart] === '\r') dataStart++;
    if (text[dataStart] === '\n') dataStart++;
    let data = pdf.subarray(dataStart, dataStart + length);
    if (/\/FlateDecode/.test(dict)) data = zlib.inflateSync(data);
    out.push({ num: Number(m[1]), dict, stream: data });
    re.lastIndex = end;
  }
  return out;
}

const utf16 = (spaced: string) => {
  const hex = spaced.replace(/\s+/g, '');
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** glyph id -> text, from a ToUnicode CMap (bfchar and bfrange, both forms). */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(src!, 16), utf16(dst!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g)) {
      const from = parseInt(lo!, 16);
      const to = parseInt(hi!, 16);
      if (rest!.startsWith('[')) {
        [...rest!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach(([, dst], i) => map.set(from + i, utf16(dst!)));
      } else {
        const base = rest!.slice(1, -1).replace(/\s+/g, '');
        for (let g = from; g <= to; g++) {
          const last = parseInt(base.slice(-4), 16) + (g - from);
          map.set(g, utf16(base.slice(0, -4) + last.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

export function pdfTextRuns(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const byNum = new Map(objs.map((o) => [o.num, o]));
  const cmapOfFont = new Map<number, Map<number, string>>();
  for (const o of objs) {
    const tu = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
    const stream = tu && byNum.get(Number(tu[1]))?.stream;
    if (stream) cmapOfFont.set(o.num, parseCmap(stream.toString('latin1')));
  }
  const fontByName = new Map<string, number>();
  for (const o of objs) for (const [, name, num] of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontByName.set(name!, Number(num));

  const runs: string[] = [];
  for (const o of objs) {
    if (!o.stream || /\/(Length1|Subtype|Type)\b/.test(o.dict)) continue;
    const content = o.stream.toString('latin1');
    if (!/\bTf\b/.test(content)) continue;
    let cmap: Map<number, string> | undefined;
    // One BT ... ET block per drawn run; pdfkit may split it into several show operators (kerning, marks).
    for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const glyphs: string[] = [];
      for (const m of block[1]!.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (m[1]) {
          cmap = cmapOfFont.get(fontByName.get(m[1]) ?? -1);
          continue;
        }
        const hexes = m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [m[3]!];
        for (const hex of hexes)
          for (let i = 0; i + 4 <= hex.length; i += 4) glyphs.push(cmap?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD');
      }
      if (glyphs.length) runs.push(glyphs.some((g) => ARABIC.test(g)) ? glyphs.reverse().join('') : glyphs.join(''));
    }
  }
  return runs;
}
