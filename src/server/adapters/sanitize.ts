/**
 * The allow-list every stored HTML body goes through (DESIGN: rich text is sanitised on the server before
 * it is stored, so no script saved by one user runs for another). It fits the editor toolbar of spec
 * section 2: bold, italic, underline, links, images (URL and style), alignment, lists, quote, H1 to H3,
 * font sizes Small/Normal/Large/Huge, and video embeds from the two video sites we know.
 */
import sanitizeHtml from 'sanitize-html';

/** Font sizes of the toolbar as inline styles (Normal is the absence of one); the classes are Quill's. */
export const FONT_SIZE_STYLES = ['0.75em', '1em', '1.5em', '2.5em', 'small', 'medium', 'large', 'x-large', 'xx-large'];
export const FONT_SIZE_CLASSES = ['ql-size-small', 'ql-size-large', 'ql-size-huge'];
/** Only embed players, never a page of the video site (which could carry anything). */
const EMBED_SRC = /^https:\/\/(www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[\w-]+(\?[\w=&;%.-]*)?$/;
const SAFE_ID = /^[A-Za-z][\w-]{0,63}$/;
const exact = (values: string[]) => values.map((v) => new RegExp(`^${v.replace(/\./g, '\\.')}$`));
const ALIGN = [/^(left|right|center|justify|start|end)$/];
const LENGTH = [/^\d{1,4}(\.\d+)?(px|%|em|rem)$/, /^auto$/];
const BLOCKS = ['p', 'h1', 'h2', 'h3', 'li', 'blockquote', 'div'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'a', 'img',
    'ul', 'ol', 'li', 'blockquote', 'h1', 'h2', 'h3', 'hr', 'pre', 'code', 'iframe',
  ],
  // script, style and the like go with everything inside them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'template'],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'title'],
    span: ['style', 'class'],
    ...Object.fromEntries(BLOCKS.map((t) => [t, ['style', 'class', 'id']])),
  },
  allowedClasses: {
    span: FONT_SIZE_CLASSES,
    ...Object.fromEntries(BLOCKS.map((t) => [t, [/^ql-align-(center|right|justify)$/, /^ql-indent-[1-8]$/]])),
  },
  allowedStyles: {
    img: { width: LENGTH, height: LENGTH, float: [/^(left|right|none)$/], 'text-align': ALIGN },
    span: { 'font-size': exact(FONT_SIZE_STYLES) },
    ...Object.fromEntries(BLOCKS.map((t) => [t, { 'text-align': ALIGN }])),
  },
  // No javascript:, data: or vbscript: anywhere; relative links stay.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  // An iframe that is not a known embed player goes altogether, not as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !EMBED_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link that opens a new tab must not hand the opener to the page it opens.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    // Ids are kept for the spec's #anchor scrolling, but only plain ones.
    '*': (tagName, attribs) => {
      if (attribs.id !== undefined && !SAFE_ID.test(attribs.id)) {
        const { id: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
  },
  nestingLimit: 50,
};

/** Cleans an editor's HTML body. Empty stays empty; null and undefined pass through. */
export function sanitizeRichText<T extends string | null | undefined>(html: T): T {
  if (html === null || html === undefined || html === '') return html;
  return sanitizeHtml(html, OPTIONS) as T;
}
