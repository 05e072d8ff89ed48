/**
 * The HTML mode's tools (spec 2, editor tools): Format (pretty-print), Clean Up (drop what the server's
 * allow-list would drop, and empty tags and attributes) and Strip Tags; plus the conversion of older
 * class-based sizes and alignments (Quill's ql-size-* and ql-align-*) into the inline styles the rich
 * editor understands. The browser's own parser (DOMParser) reads the markup; the tools work on a small
 * plain tree made from it.
 *
 * The allow-list is the server's (src/domain/rich-text.ts); the server stays the authority: whatever is
 * saved goes through it again.
 */
import {
  EMBED_SRC,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_NON_TEXT_TAGS,
  RICH_TEXT_TAGS,
  SAFE_ID,
  cleanStyle,
  isAllowedClass,
  isAllowedUrl,
} from '../../../domain/rich-text.ts';

export { isAllowedUrl };

export type HtmlNode =
  | { type: 'el'; name: string; attrs: [string, string][]; children: HtmlNode[] }
  | { type: 'text'; text: string }
  | { type: 'comment'; text: string };

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'area', 'col', 'embed', 'wbr', 'param', 'track', 'base']);
/** Elements that hold text which is not content (dropped with everything inside by Clean Up and Strip Tags). */
const NON_TEXT = new Set([...RICH_TEXT_NON_TEXT_TAGS, 'head']);
/** Elements laid out as blocks: Format puts them on their own lines, Strip Tags makes paragraphs of them. */
const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'iframe',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
]);

function fromDom(node: Node): HtmlNode | null {
  if (node.nodeType === 3) return { type: 'text', text: node.nodeValue ?? '' };
  if (node.nodeType === 8) return { type: 'comment', text: node.nodeValue ?? '' };
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const name = el.localName.toLowerCase();
  const attrs = Array.from(el.attributes, (a): [string, string] => [a.name.toLowerCase(), a.value]);
  // A template's content lives in its own fragment.
  const from = name === 'template' ? (el as HTMLTemplateElement).content : el;
  return { type: 'el', name, attrs, children: fromNodes(from.childNodes) };
}

const fromNodes = (nodes: NodeListOf<ChildNode>): HtmlNode[] => Array.from(nodes, fromDom).filter((n): n is HtmlNode => n !== null);

/** The browser's forgiving parse: stray closing tags are ignored, open ones are closed at the end. */
export function parseHtml(html: string): HtmlNode[] {
  // Starting in the body keeps a leading script or style where it was written, not in the head.
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}`, 'text/html');
  return fromNodes(doc.body.childNodes);
}

const escapeText = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function openTag(el: HtmlNode & { type: 'el' }): string {
  const attrs = el.attrs.map(([k, v]) => (v === '' && BOOLEAN_ATTRS.has(k) ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`)).join('');
  return `<${el.name}${attrs}>`;
}
const BOOLEAN_ATTRS = new Set(['allowfullscreen', 'disabled', 'checked', 'hidden']);

export function serialize(nodes: HtmlNode[], parent = ''): string {
  return nodes
    .map((n) => {
      if (n.type === 'text') return NON_TEXT.has(parent) ? n.text : escapeText(n.text);
      if (n.type === 'comment') return `<!--${n.text}-->`;
      if (VOID.has(n.name)) return openTag(n);
      return `${openTag(n)}${serialize(n.children, n.name)}</${n.name}>`;
    })
    .join('');
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

const ALLOWED_TAGS = new Set(RICH_TEXT_TAGS);
/** Elements that mean something even without text inside. */
const CONTENTFUL = new Set(['img', 'iframe', 'hr']);

function cleanAttrs(el: HtmlNode & { type: 'el' }): [string, string][] {
  const allowed = RICH_TEXT_ATTRIBUTES[el.name] ?? [];
  const out: [string, string][] = [];
  for (const [k, raw] of el.attrs) {
    if (!allowed.includes(k)) continue;
    let v = raw.trim();
    if (k === 'style') v = cleanStyle(el.name, v);
    else if (k === 'class')
      v = v
        .split(/\s+/)
        .filter((c) => isAllowedClass(el.name, c))
        .join(' ');
    else if (k === 'id' && !SAFE_ID.test(v)) v = '';
    else if ((k === 'href' || k === 'src') && !isAllowedUrl(v, el.name)) v = '';
    else if (k === 'target' && v !== '_blank') v = '';
    // Empty attributes are dropped, except the ones whose presence is their value.
    if (v === '' && !(k === 'alt' || k === 'allowfullscreen')) continue;
    out.push([k, v]);
  }
  if (el.name === 'a' && out.some(([k, v]) => k === 'target' && v === '_blank')) {
    const rel = out.find(([k]) => k === 'rel');
    if (rel) rel[1] = 'noopener noreferrer';
    else out.push(['rel', 'noopener noreferrer']);
  }
  return out;
}

const isBlankText = (n: HtmlNode) => n.type === 'text' && n.text.replace(/&nbsp;|&#160;|\u00a0/g, ' ').trim() === '';

function cleanNodes(nodes: HtmlNode[]): HtmlNode[] {
  const out: HtmlNode[] = [];
  for (const n of nodes) {
    if (n.type === 'comment') continue;
    if (n.type === 'text') {
      out.push(n);
      continue;
    }
    if (NON_TEXT.has(n.name)) continue;
    const children = cleanNodes(n.children);
    if (!ALLOWED_TAGS.has(n.name)) {
      out.push(...children);
      continue;
    }
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
  return nodes.every((c) =>
    c.type === 'text'
      ? isBlankText(c)
      : c.type === 'comment' ||
        (c.type === 'el' && c.name === 'br') ||
        (c.type === 'el' && !CONTENTFUL.has(c.name) && isEmptyContent(c.children)),
  );
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
          if (CLASS_SIZES[c]) {
            styles.push(`font-size: ${CLASS_SIZES[c]}`);
            return false;
          }
          const align = /^ql-align-(center|right|justify)$/.exec(c)?.[1];
          if (align) {
            styles.push(`text-align: ${align}`);
            return false;
          }
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
