// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { classesToStyles, cleanUpHtml, formatHtml, isAllowedUrl, isEmptyHtml, parseHtml, serialize, stripTags } from './html-tools.ts';

describe('parseHtml / serialize', () => {
  it('round-trips ordinary markup', () => {
    const html = '<p style="text-align: center">Hello <strong>world</strong><br><img src="/a.png" alt=""></p>';
    expect(serialize(parseHtml(html))).toBe(html);
  });
  it('closes what is left open and ignores stray closing tags', () => {
    expect(serialize(parseHtml('<p>One<p>Two</span>'))).toBe('<p>One</p><p>Two</p>');
  });
  it('keeps a script body as raw text', () => {
    const tree = parseHtml('<script>if (a < b) alert(1)</script><p>x</p>');
    expect(tree).toHaveLength(2);
  });
});

describe('formatHtml', () => {
  it('puts each block on its own line and indents nested blocks', () => {
    expect(formatHtml('<h2>Title</h2><ul><li>One</li><li>Two <em>b</em></li></ul><p>End</p>')).toBe(
      '<h2>Title</h2>\n<ul>\n  <li>One</li>\n  <li>Two <em>b</em></li>\n</ul>\n<p>End</p>',
    );
  });
  it('collapses whitespace inside a line', () => {
    expect(formatHtml('<p>\n  a\n   b  </p>')).toBe('<p>a b</p>');
  });
});

describe('cleanUpHtml', () => {
  it('drops scripts, handlers and javascript: links', () => {
    const out = cleanUpHtml(
      '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p><img src="x" onerror="alert(1)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(out).toContain('<p>Hi <a>link</a></p>');
  });
  it('drops hidden schemes too', () => {
    expect(isAllowedUrl('jav&#x09;ascript:alert(1)', 'a')).toBe(false);
    expect(isAllowedUrl('&#106;avascript:alert(1)', 'a')).toBe(false);
    expect(isAllowedUrl('/Courses', 'a')).toBe(true);
    expect(isAllowedUrl('mailto:a@b.c', 'a')).toBe(true);
    expect(isAllowedUrl('data:image/png;base64,xx', 'img')).toBe(false);
  });
  it('removes empty tags and empty or unknown attributes, keeps allowed styles and classes', () => {
    const out = cleanUpHtml(
      '<p class="" data-x="1"> </p><p><span style="font-size: 1.5em; color: red" class="ql-size-large other">Big</span></p><div><b></b></div><p><br></p>',
    );
    expect(out).toBe('<p><span style="font-size: 1.5em" class="ql-size-large">Big</span></p>');
  });
  it('unwraps unknown tags but keeps their text, and keeps images and embed players', () => {
    const out = cleanUpHtml(
      '<section><font color="red">Text</font></section><p><img src="https://x.org/a.png" style="width: 50%; position: fixed"></p><iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube-nocookie.com/embed/abc123" allowfullscreen></iframe>',
    );
    expect(out).toContain('Text');
    expect(out).not.toContain('font');
    expect(out).toContain('<img src="https://x.org/a.png" style="width: 50%">');
    expect(out).not.toContain('evil');
    expect(out).toContain('youtube-nocookie.com/embed/abc123');
  });
  it('gives links that open a new tab rel=noopener', () => {
    expect(cleanUpHtml('<p><a href="https://x.org" target="_blank">x</a></p>')).toBe(
      '<p><a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
  });
});

describe('stripTags', () => {
  it('leaves plain paragraphs of text', () => {
    expect(stripTags('<h1>Title</h1><p>Some <b>bold</b> text<br>next</p><script>x</script><ul><li>a</li></ul>')).toBe(
      '<p>Title</p>\n<p>Some bold text</p>\n<p>next</p>\n<p>a</p>',
    );
  });
});

describe('classesToStyles', () => {
  it('turns Quill size and alignment classes into inline styles', () => {
    expect(classesToStyles('<p class="ql-align-center">a <span class="ql-size-huge">b</span></p>')).toBe(
      '<p style="text-align: center">a <span style="font-size: 2.5em">b</span></p>',
    );
  });
  it('leaves other markup untouched', () => {
    expect(classesToStyles('<p>plain</p>')).toBe('<p>plain</p>');
  });
});

describe('isEmptyHtml', () => {
  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>x</p>', false],
    ['<p><img src="/a.png"></p>', false],
  ])('%s', (html, empty) => {
    expect(isEmptyHtml(html)).toBe(empty);
  });
});
