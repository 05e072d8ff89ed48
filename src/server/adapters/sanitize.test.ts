/** The rich-text allow-list against real XSS payloads, and the editor toolbar's own markup surviving it. */
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

/** Nothing that can run: no script or style element, no event handler, no script URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<style|<svg|<object|<embed|<math/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:text|expression\(/i);
}

describe('sanitizeRichText: XSS payloads', () => {
  const payloads: [string, string, string][] = [
    ['script tag', '<p>Hi</p><script>alert(document.cookie)</script>', '<p>Hi</p>'],
    ['script tag in odd case, split', '<ScRiPt >alert(1)</sCrIpT><p>ok</p>', '<p>ok</p>'],
    ['img onerror', '<img src=x onerror=alert(1)>', '<img src="x" />'],
    [
      'img onerror with a real picture',
      '<img src="https://example.org/a.png" onerror="alert(1)" onload="alert(2)">',
      '<img src="https://example.org/a.png" />',
    ],
    ['javascript: href', '<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
    ['javascript: href hidden by entities and case', '<a href="JaVa&#x09;ScRiPt&colon;alert(1)">click</a>', '<a>click</a>'],
    ['data: href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['data: image source', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', '<img />'],
    ['svg onload', '<svg onload=alert(1)><circle r="4"/></svg><p>after</p>', '<p>after</p>'],
    ['iframe from an unknown host', '<iframe src="https://evil.example/embed/abc"></iframe><p>x</p>', '<p>x</p>'],
    ['iframe with a javascript: source', '<iframe src="javascript:alert(1)"></iframe>', ''],
    [
      'iframe of a YouTube page that is not the player',
      '<iframe src="https://www.youtube.com/redirect?q=https://evil.example"></iframe>',
      '',
    ],
    ['style expression', '<p style="width: expression(alert(1)); text-align: center">x</p>', '<p style="text-align:center">x</p>'],
    ['style with a script URL', '<div style="background-image: url(javascript:alert(1))">x</div>', '<div>x</div>'],
    ['style element', '<style>@import "https://evil.example/x.css";</style><p>x</p>', '<p>x</p>'],
    ['object and embed', '<object data="evil.swf"></object><embed src="evil.swf"><p>x</p>', '<p>x</p>'],
    ['form that phishes', '<form action="https://evil.example"><input name="password"></form><p>x</p>', '<p>x</p>'],
    ['mXSS through math and style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>x</p>', '<p>x</p>'],
    ['event handler on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>', '<p>x</p>'],
    [
      'link that opens a tab and could reach back',
      '<a href="https://example.org" target="_blank">x</a>',
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    ],
  ];
  for (const [name, dirty, clean] of payloads) {
    it(`neutralises ${name}`, () => {
      const out = sanitizeRichText(dirty);
      expectInert(out);
      expect(out).toBe(clean);
    });
  }
});

describe('sanitizeRichText: the editor toolbar survives', () => {
  it('keeps bold, italic, underline, lists, quote, headings and links', () => {
    const html =
      '<h1>T</h1><h2 id="contact">C</h2><h3>S</h3><p><strong>b</strong> <em>i</em> <u>u</u> <a href="/About#contact">in</a> <a href="mailto:info@example.org">mail</a></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps images with URL and style, but only width, float and text-align', () => {
    expect(
      sanitizeRichText('<img src="https://example.org/a.png" alt="A" style="width: 50%; float: right; position: fixed; z-index: 99">'),
    ).toBe('<img src="https://example.org/a.png" alt="A" style="width:50%;float:right" />');
  });

  it('keeps alignment as a style or a class', () => {
    expect(sanitizeRichText('<p style="text-align: right">r</p><p class="ql-align-center other">c</p>')).toBe(
      '<p style="text-align:right">r</p><p class="ql-align-center">c</p>',
    );
  });

  it('keeps the four font sizes as classes or a fixed set of sizes, and nothing else', () => {
    expect(
      sanitizeRichText(
        '<span class="ql-size-small">s</span><span class="ql-size-huge big">h</span><span style="font-size: 1.5em">l</span><span style="font-size: 400px">x</span>',
      ),
    ).toBe('<span class="ql-size-small">s</span><span class="ql-size-huge">h</span><span style="font-size:1.5em">l</span><span>x</span>');
  });

  it('keeps video embeds from YouTube and Vimeo players', () => {
    const yt = '<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" allowfullscreen></iframe>';
    const vimeo = '<iframe src="https://player.vimeo.com/video/76979871"></iframe>';
    expect(sanitizeRichText(yt)).toBe(yt);
    expect(sanitizeRichText(vimeo)).toBe(vimeo);
  });

  it('drops ids that are not plain names', () => {
    expect(sanitizeRichText('<h2 id="a b">x</h2>')).toBe('<h2>x</h2>');
  });

  it('leaves empty and missing bodies alone', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText(undefined)).toBeUndefined();
  });
});
