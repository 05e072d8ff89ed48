// @vitest-environment jsdom
/**
 * The editor's Clean Up and the server's sanitiser keep the same tags, attributes, classes, styles and
 * URL schemes: a generated set of inputs goes through both and what survives is compared. If one side
 * gets a rule of its own, this fails.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../server/adapters/sanitize.ts';
import { RICH_TEXT_TAGS } from '../../../domain/rich-text.ts';
import { cleanUpHtml } from './html-tools.ts';

// Every allowed tag (taken from the list, so a tag allowed later is probed too) and tags that must go.
const TAGS = [...RICH_TEXT_TAGS, 'h4', 'section', 'font', 'table', 'form', 'object', 'mark', 'svg', 'button'];
const ATTRIBUTES: [string, string[]][] = [
  [
    'href',
    [
      'https://x.org/a',
      '/Courses',
      'mailto:a@b.c',
      'tel:123',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x',
      'ftp://x.org',
    ],
  ],
  ['src', ['https://x.org/a.png', 'http://x.org/a.png', '/a.png', 'data:image/png;base64,xx', 'javascript:alert(1)']],
  ['style', ['text-align: center', 'font-size: 1.5em', 'font-size: 3em', 'width: 50%', 'float: left', 'color: red', 'position: fixed']],
  ['class', ['ql-align-center', 'ql-indent-3', 'ql-size-huge', 'ql-size-giant', 'other']],
  ['id', ['anchor-1', '1bad', 'a b']],
  ['target', ['_blank', '_self']],
  ['title', ['t']],
  ['alt', ['a']],
  ['width', ['10']],
  ['onclick', ['x()']],
  ['data-x', ['1']],
  ['frameborder', ['0']],
];
const EMBED = 'https://www.youtube-nocookie.com/embed/abc123';

/** Each element of the output as tag[attr=value...], styles without spaces, in document order. */
function shape(html: string): string[] {
  const body = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}`, 'text/html').body;
  return Array.from(body.querySelectorAll('*'), (el) => {
    const attrs = Array.from(el.attributes, (a) => `${a.name}=${a.name === 'style' ? a.value.replace(/[\s;]+/g, '') : a.value}`).sort();
    return `${el.localName}[${attrs.join(' ')}]`;
  }).filter((s) => !/^img\[(alt=a|title=t|width=10|\s)*\]$/.test(s)); // Clean Up also drops an image left without a source
}

const VOID = ['br', 'hr', 'img'];

/** Every tag alone and with every attribute value, each inside a block with text so nothing is empty. */
function cases(): string[] {
  const out: string[] = [];
  for (const tag of TAGS) {
    const base = tag === 'iframe' ? ` src="${EMBED}"` : tag === 'img' ? ' src="https://x.org/a.png"' : '';
    const element = (attrs: string) => (VOID.includes(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>x</${tag}>`);
    out.push(`<div>y${element(base)}</div>`);
    for (const [name, values] of ATTRIBUTES) {
      for (const value of values) {
        const attrs = name === 'src' && (tag === 'iframe' || tag === 'img') ? ` src="${value}"` : `${base} ${name}="${value}"`;
        out.push(`<div>y${element(attrs)}</div>`);
      }
    }
  }
  return out;
}

describe('rich-text allow-list: editor and server agree', () => {
  it.each(cases())('%s', (html) => {
    expect(shape(cleanUpHtml(html))).toEqual(shape(sanitizeRichText(html)));
  });
});
