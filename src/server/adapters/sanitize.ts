/**
 * The allow-list every stored HTML body goes through (DESIGN: rich text is sanitised on the server before
 * it is stored, so no script saved by one user runs for another). The list itself is in
 * src/domain/rich-text.ts, shared with the editor's Clean Up.
 */
import sanitizeHtml from 'sanitize-html';
import {
  EMBED_HOSTS,
  EMBED_SRC,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CLASSES,
  RICH_TEXT_NON_TEXT_TAGS,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
  RICH_TEXT_URL_SCHEMES_BY_TAG,
  SAFE_ID,
} from '../../domain/rich-text.ts';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  nonTextTags: RICH_TEXT_NON_TEXT_TAGS,
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedClasses: RICH_TEXT_CLASSES,
  allowedStyles: RICH_TEXT_STYLES,
  allowedSchemes: RICH_TEXT_URL_SCHEMES,
  allowedSchemesByTag: RICH_TEXT_URL_SCHEMES_BY_TAG,
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !EMBED_SRC.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link that opens a new tab must not hand the opener to the page it opens.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
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
