/**
 * The HTML mode's tools (spec 2, editor tools): Format (pretty-print), Clean Up (drop what the server's
 * allow-list would drop, and empty tags and attributes) and Strip Tags; plus the conversion of older
 * class-based sizes and alignments (Quill's ql-size-* and ql-align-*) into the inline styles the rich
 * editor understands. Plain string functions on a small tolerant parser, so they run in tests without
 * a DOM.
 *
 * The allow-list mirrors src/server/adapters/sanitize.ts (tags, attributes, classes, styles, schemes);
 * the server stays the authority: whatever is saved goes through it again.
 */

export type HtmlNode =
  | { type: 'el'; name: string; attrs: [string, string][]; children: HtmlNode[] }
  | { type: 'text'; text: string }
  | { type: 'comment'; text: string };

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'area', 'col', 'embed', 'wbr', 'param', 'track', 'base']);
/** Elements that hold text which is not content (dropped with everything inside by Clean Up and Strip Tags). */
const NON_TEXT = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'template', 'head']);
/** Elements laid out as blocks: Format puts them on their own lines, Strip Tags makes paragraphs of them. */
const BLOCK = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'hr', 'table', 'thead',
  'tbody', 'tr', 'td', 'th', 'iframe', 'section', 'article', 'header', 'footer', 'figure', 'figcaption', 'dl', 'dt', 'dd',
]);

const TOKEN = /<!--([\s\S]*?)-->|<![^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttrs(raw: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (out.some(([n]) => n === name)) continue;
    out.push([name, m[2] ?? m[3] ?? m[4] ?? '']);
  }
  return out;
}

/** A forgiving parse: stray closing tags are ignored, open ones are closed at the end. */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlNode & { type: 'el' } = { type: 'el', name: '#root', attrs: [], children: [] };
  const stack: (HtmlNode & { type: 'el' })[] = [root];
  const top = () => stack[stack.length - 1]!;
  let last = 0;
  const pushText = (text: string) => { if (text) top().children.push({ type: 'text', text }); };
  const token = new RegExp(TOKEN.source, 'g');
  for (let m = token.exec(html); m; m = token.exec(html)) {
    pushText(html.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      top().children.push({ type: 'comment', text: m[1] });
    } else if (m[2] !== undefined) {
      const name = m[2].toLowerCase();
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
    } else if (m[3] !== undefined) {
      const name = m[3].toLowerCase();
      // A new paragraph or block closes an open paragraph, as browsers do.
      if (top().name === 'p' && BLOCK.has(name) && name !== 'iframe') stack.pop();
      if (name === 'li' && top().name === 'li') stack.pop();
      const el: HtmlNode & { type: 'el' } = { type: 'el', name, attrs: parseAttrs(m[4] ?? ''), children: [] };
      top().children.push(el);
      if (!VOID.has(name) && !m[5]) {
        if (NON_TEXT.has(name)) {
          // Raw text up to the closing tag (a script's "<" is not markup).
          const end = html.toLowerCase().indexOf(`</${name}`, last);
          const stop = end === -1 ? html.length : end;
          if (stop > last) el.children.push({ type: 'text', text: html.slice(last, stop) });
          const close = end === -1 ? html.length : html.indexOf('>', end) + 1 || html.length;
          last = close;
          token.lastIndex = close;
        } else {
          stack.push(el);
        }
      }
    }
    // Doctypes and processing instructions are dropped.
  }
  pushText(html.slice(last));
  return root.children;
}

const escapeAttr = (v: string) => v.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function openTag(el: HtmlNode & { type: 'el' }): string {
  const attrs = el.attrs.map(([k, v]) => (v === '' && BOOLEAN_ATTRS.has(k) ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`)).join('');
  return `<${el.name}${attrs}>`;
}
const BOOLEAN_ATTRS = new Set(['allowfullscreen', 'disabled', 'checked', 'hidden']);

export function serialize(nodes: HtmlNode[]): string {
  return nodes.map((n) => {
    if (n.type === 'text') return n.text;
    if (n.type === 'comment') return `<!--${n.text}-->`;
    if (VOID.has(n.name)) return openTag(n);
    return `${openTag(n)}${serialize(n.children)}</${n.name}>`;
  }).join('');
}

// ---------------------------------------------------------------------------------------------------
// Format

const isBlockEl = (n: HtmlNode) => n.type === 'el' && (BLOCK.has(n.name) || n.name === 'br');
const hasBlockChild = (el: HtmlNode & { type: 'el' }) => el.children.some((c) => c.type === 'el' && BLOCK.has(c.name));

/** Pretty-prints: one block per line, nested blocks indented, inline text kept together. */
export function formatHtml(html: string, indent = '  '): string {
  const lines: string[] = [];
  const inline = (nodes: HtmlNode[]) => serialize(nodes).replace(/\s+/g, ' ').trim();
  const walk = (nodes: HtmlNode[], depth: number) => {
    const pad = indent.repeat(depth);
    let run: HtmlNode[] = [];
    const flush = () => {
      const text = inline(run);
      if (text) lines.push(pad + text);
      run = [];
    };
    for (const n of nodes) {
      if (n.type === 'el' && n.name === 'pre') {
        flush();
        lines.push(pad + serialize([n]));
      } else if (n.type === 'el' && BLOCK.has(n.name)) {
        flush();
        if (VOID.has(n.name)) lines.push(pad + openTag(n));
        else if (!hasBlockChild(n)) lines.push(`${pad}${openTag(n)}${inline(n.children)}</${n.name}>`);
        else {
          lines.push(pad + openTag(n));
          walk(n.children, depth + 1);
          lines.push(`${pad}</${n.name}>`);
        }
      } else if (n.type === 'comment') {
        flush();
        lines.push(`${pad}<!--${n.text}-->`);
      } else {
        run.push(n);
        // A line break ends the line in the source too.
        if (n.type === 'el' && n.name === 'br') flush();
      }
    }
    flush();
  };
  walk(parseHtml(html), 0);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Clean Up: the server's allow-list, then empty tags and attributes.

/** Font sizes the server keeps (sanitize.ts FONT_SIZE_STYLES and FONT_SIZE_CLASSES). */
export const FONT_SIZE_STYLES = ['0.75em', '1em', '1.5em', '2.5em', 'small', 'medium', 'large', 'x-large', 'xx-large'];
export const FONT_SIZE_CLASSES = ['ql-size-small', 'ql-size-large', 'ql-size-huge'];
const TEXT_BLOCKS = ['p', 'h1', 'h2', 'h3', 'li', 'blockquote', 'div'];
const ALLOWED_TAGS = new Set([
  'p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'a', 'img',
  'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'hr', 'pre', 'code', 'iframe',
]);
const ALLOWED_ATTRS: Record<string, string[]> = {
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height', 'style'],
  iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'title'],
  span: ['style', 'class'],
  ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, ['style', 'class', 'id']])),
};
const ALIGN = /^(left|right|center|justify|start|end)$/;
const LENGTH = /^(\d{1,4}(\.\d+)?(px|%|em|rem)|auto)$/;
const ALLOWED_STYLES: Record<string, Record<string, (v: string) => boolean>> = {
  img: { width: (v) => LENGTH.test(v), height: (v) => LENGTH.test(v), float: (v) => /^(left|right|none)$/.test(v), 'text-align': (v) => ALIGN.test(v) },
  span: { 'font-size': (v) => FONT_SIZE_STYLES.includes(v) },
  ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, { 'text-align': (v: string) => ALIGN.test(v) }])),
};
const ALLOWED_CLASS: Record<string, (c: string) => boolean> = {
  span: (c) => FONT_SIZE_CLASSES.includes(c),
  ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, (c: string) => /^ql-align-(center|right|justify)$/.test(c) || /^ql-indent-[1-8]$/.test(c)])),
};
const EMBED_SRC = /^https:\/\/(www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[\w-]+(\?[\w=&;%.-]*)?$/;
const SAFE_ID = /^[A-Za-z][\w-]{0,63}$/;
/** Elements that mean something even without text inside. */
const CONTENTFUL = new Set(['img', 'iframe', 'hr']);

/** Decodes the few entities that could hide a scheme (&#106;avascript:). */
function decodeForCheck(v: string): string {
  return v.replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&colon;/gi, ':').replace(/&tab;|&newline;/gi, '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
    .replace(/[\u0000-\u0020]+/g, '');
}

/** A link or source the server keeps: relative, or http(s), mailto and tel (images and frames: http(s)). */
export function isAllowedUrl(value: string, tag: string): boolean {
  const v = decodeForCheck(value).toLowerCase();
  if (v.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v)?.[1];
  if (!scheme) return true;
  if (tag === 'img') return scheme === 'http' || scheme === 'https';
  if (tag === 'iframe') return scheme === 'https';
  return ['http', 'https', 'mailto', 'tel'].includes(scheme);
}

function cleanStyle(tag: string, style: string): string {
  const rules = ALLOWED_STYLES[tag];
  if (!rules) return '';
  return style.split(';').map((d) => {
    const i = d.indexOf(':');
    if (i === -1) return '';
    const prop = d.slice(0, i).trim().toLowerCase();
    const value = d.slice(i + 1).trim();
    return rules[prop]?.(value) ? `${prop}: ${value}` : '';
  }).filter(Boolean).join('; ');
}

function cleanAttrs(el: HtmlNode & { type: 'el' }): [string, string][] {
  const allowed = ALLOWED_ATTRS[el.name] ?? [];
  const out: [string, string][] = [];
  for (const [k, raw] of el.attrs) {
    if (!allowed.includes(k)) continue;
    let v = raw.trim();
    if (k === 'style') v = cleanStyle(el.name, v);
    else if (k === 'class') v = v.split(/\s+/).filter((c) => ALLOWED_CLASS[el.name]?.(c)).join(' ');
    else if (k === 'id' && !SAFE_ID.test(v)) v = '';
    else if ((k === 'href' || k === 'src') && !isAllowedUrl(v, el.name)) v = '';
    else if (k === 'target' && v !== '_blank') v = '';
    // Empty attributes are dropped, except the ones whose presence is their value.
    if (v === '' && !(k === 'alt' || k === 'allowfullscreen')) continue;
    out.push([k, v]);
  }
  if (el.name === 'a' && out.some(([k, v]) => k === 'target' && v === '_blank')) {
    const rel = out.find(([k]) => k === 'rel');
    if (rel) rel[1] = 'noopener noreferrer'; else out.push(['rel', 'noopener noreferrer']);
  }
  return out;
}

const isBlankText = (n: HtmlNode) => n.type === 'text' && n.text.replace(/&nbsp;|&#160;|\u00a0/g, ' ').trim() === '';

function cleanNodes(nodes: HtmlNode[]): HtmlNode[] {
  const out: HtmlNode[] = [];
  for (const n of nodes) {
    if (n.type === 'comment') continue;
    if (n.type === 'text') { out.push(n); continue; }
    if (NON_TEXT.has(n.name)) continue;
    const children = cleanNodes(n.children);
    if (!ALLOWED_TAGS.has(n.name)) { out.push(...children); continue; }
    if (n.name === 'iframe' && !EMBED_SRC.test(n.attrs.find(([k]) => k === 'src')?.[1] ?? '')) continue;
    const el: HtmlNode & { type: 'el' } = { type: 'el', name: n.name, attrs: cleanAttrs(n), children };
    if (n.name === 'img' && !el.attrs.some(([k]) => k === 'src')) continue;
    if (n.name === 'a' && !el.attrs.some(([k]) => k === 'href') && children.every(isBlankText)) continue;
    // An element with nothing to show: no text, no image, frame or rule inside (a lone <br> counts as nothing).
    if (!VOID.has(n.name) && !CONTENTFUL.has(n.name) && isEmptyContent(children)) continue;
    out.push(el);
  }
  return out;
}

function isEmptyContent(nodes: HtmlNode[]): boolean {
  return nodes.every((c) => (c.type === 'text' ? isBlankText(c) : c.type === 'comment' || (c.type === 'el' && c.name === 'br') || (c.type === 'el' && !CONTENTFUL.has(c.name) && isEmptyContent(c.children))));
}

/** Removes what the server would drop (scripts, handlers, unknown tags, styles and schemes) and empty tags and attributes. */
export function cleanUpHtml(html: string): string {
  return formatHtml(serialize(cleanNodes(parseHtml(html))));
}

// ---------------------------------------------------------------------------------------------------
// Strip Tags

/** Removes every tag; each block of text becomes a plain paragraph. */
export function stripTags(html: string): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    current = '';
  };
  const walk = (nodes: HtmlNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text') current += n.text;
      else if (n.type === 'el' && !NON_TEXT.has(n.name)) {
        const block = isBlockEl(n);
        if (block) flush();
        walk(n.children);
        if (block) flush();
      }
    }
  };
  walk(parseHtml(html));
  flush();
  return paragraphs.map((p) => `<p>${p.replace(/</g, '&lt;')}</p>`).join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Older markup for the rich editor

const CLASS_SIZES: Record<string, string> = { 'ql-size-small': '0.75em', 'ql-size-large': '1.5em', 'ql-size-huge': '2.5em' };

/** Class-based sizes and alignments (ql-size-*, ql-align-*) as inline styles, which the rich editor reads. */
export function classesToStyles(html: string): string {
  if (!/ql-(size|align)-/.test(html)) return html;
  const walk = (nodes: HtmlNode[]) => {
    for (const n of nodes) {
      if (n.type !== 'el') continue;
      const cls = n.attrs.find(([k]) => k === 'class');
      if (cls) {
        const classes = cls[1].split(/\s+/).filter(Boolean);
        const styles: string[] = [];
        const keep = classes.filter((c) => {
          if (CLASS_SIZES[c]) { styles.push(`font-size: ${CLASS_SIZES[c]}`); return false; }
          const align = /^ql-align-(center|right|justify)$/.exec(c)?.[1];
          if (align) { styles.push(`text-align: ${align}`); return false; }
          return true;
        });
        if (styles.length) {
          const style = n.attrs.find(([k]) => k === 'style');
          if (style) style[1] = [style[1].replace(/;\s*$/, ''), ...styles].filter(Boolean).join('; ');
          else n.attrs.push(['style', styles.join('; ')]);
          if (keep.length) cls[1] = keep.join(' ');
          else n.attrs = n.attrs.filter(([k]) => k !== 'class');
        }
      }
      walk(n.children);
    }
  };
  const tree = parseHtml(html);
  walk(tree);
  return serialize(tree);
}

/** True when the HTML shows nothing (the rich editor's empty document is '<p></p>'). */
export function isEmptyHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  return isEmptyContent(parseHtml(html));
}
