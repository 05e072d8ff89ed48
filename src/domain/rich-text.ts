/**
 * The rich-text allow-list, defined once: the server's sanitiser (src/server/adapters/sanitize.ts) builds
 * its sanitize-html options from it and the editor's Clean Up (src/web/features/content/editor/html-tools.ts)
 * walks the browser's DOM with it, so what the editor keeps is what the server stores. It fits the editor
 * toolbar of spec section 2: bold, italic, underline, links, images (URL and style), alignment, lists,
 * quote, H1 to H3, font sizes Small/Normal/Large/Huge, and video embeds from the two video sites we know.
 */

/** Font sizes of the toolbar as inline styles (Normal is the absence of one); the classes are Quill's. */
export const FONT_SIZE_STYLES = ['0.75em', '1em', '1.5em', '2.5em', 'small', 'medium', 'large', 'x-large', 'xx-large'];
export const FONT_SIZE_CLASSES = ['ql-size-small', 'ql-size-large', 'ql-size-huge'];

/** Text blocks that may carry an alignment, Quill's classes and an #anchor id. */
const TEXT_BLOCKS = ['p', 'h1', 'h2', 'h3', 'li', 'blockquote', 'div'];

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'hr',
  'pre',
  'code',
  'iframe',
];

/** Elements dropped together with everything inside them (their text is not content). */
export const RICH_TEXT_NON_TEXT_TAGS = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'template'];

export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height', 'style'],
  iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'title'],
  span: ['style', 'class'],
  ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, ['style', 'class', 'id']])),
};

export const RICH_TEXT_CLASSES: Record<string, RegExp[]> = {
  span: FONT_SIZE_CLASSES.map((c) => new RegExp(`^${c}$`)),
  ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, [/^ql-align-(center|right|justify)$/, /^ql-indent-[1-8]$/]])),
};

const exact = (values: string[]) => values.map((v) => new RegExp(`^${v.replace(/\./g, '\\.')}$`));
const ALIGN = [/^(left|right|center|justify|start|end)$/];
const LENGTH = [/^\d{1,4}(\.\d+)?(px|%|em|rem)$/, /^auto$/];

/** Inline style properties kept per element, each with the value patterns it may take. */
export const RICH_TEXT_STYLES: Record<string, Record<string, RegExp[]>> = {
  img: { width: LENGTH, height: LENGTH, float: [/^(left|right|none)$/], 'text-align': ALIGN },
  span: { 'font-size': exact(FONT_SIZE_STYLES) },
  ...Object.fromEntries(TEXT_BLOCKS.map((t) => [t, { 'text-align': ALIGN }])),
};

/** No javascript:, data: or vbscript: anywhere; relative links stay, protocol-relative ones do not. */
export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto', 'tel'];
export const RICH_TEXT_URL_SCHEMES_BY_TAG: Record<string, string[]> = { img: ['http', 'https'], iframe: ['https'] };

/** Only embed players, never a page of the video site (which could carry anything). */
export const EMBED_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];
export const EMBED_SRC =
  /^https:\/\/(www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[\w-]+(\?[\w=&;%.-]*)?$/;

/** Ids are kept for the spec's #anchor scrolling, but only plain ones. */
export const SAFE_ID = /^[A-Za-z][\w-]{0,63}$/;

/** Decodes the few entities that could hide a scheme (&#106;avascript:) and drops control characters. */
function decodeForCheck(v: string): string {
  return (
    v
      .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#(\d+);?/g, (_, d: string) => String.fromCharCode(Number(d)))
      .replace(/&colon;/gi, ':')
      .replace(/&tab;|&newline;/gi, '')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what hides a scheme
      .replace(/[\u0000-\u0020]+/g, '')
  );
}

/** A link or source kept: relative, or one of the schemes allowed for that element. */
export function isAllowedUrl(value: string, tag: string): boolean {
  const v = decodeForCheck(value).toLowerCase();
  if (v.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v)?.[1];
  if (!scheme) return true;
  return (RICH_TEXT_URL_SCHEMES_BY_TAG[tag] ?? RICH_TEXT_URL_SCHEMES).includes(scheme);
}

/** The allowed declarations of a style attribute, in order ('' when none is left). */
export function cleanStyle(tag: string, style: string): string {
  const rules = RICH_TEXT_STYLES[tag];
  if (!rules) return '';
  return style
    .split(';')
    .map((d) => {
      const i = d.indexOf(':');
      if (i === -1) return '';
      const prop = d.slice(0, i).trim().toLowerCase();
      const value = d.slice(i + 1).trim();
      return rules[prop]?.some((re) => re.test(value)) ? `${prop}: ${value}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

export const isAllowedClass = (tag: string, name: string) => RICH_TEXT_CLASSES[tag]?.some((re) => re.test(name)) ?? false;
