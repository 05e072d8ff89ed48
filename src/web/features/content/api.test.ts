import { describe, expect, it } from 'vitest';
import type { Content } from '../../../domain/types.ts';
import { toPageData } from '../../lib/data/content.ts';
import { cardSpan } from '../../lib/card-span.ts';
import { videoSize } from '../../lib/video-size.ts';

const rec = (c: Partial<Content> & { _id: string }): Content => ({ type: 'block', context: 'home', ...c });

describe('toPageData', () => {
  it('sorts blocks by order then id and keeps the page record apart', () => {
    const data = toPageData(
      {
        p: rec({ _id: 'p', type: 'page', lang: 'en' }),
        b: rec({ _id: 'b', order: 20, lang: 'en' }),
        a2: rec({ _id: 'a2', order: 10, lang: 'en' }),
        a1: rec({ _id: 'a1', order: 10 }),
      },
      'en',
    );
    expect(data.page?._id).toBe('p');
    expect(data.blocks.map((b) => b._id)).toEqual(['a1', 'a2', 'b']);
  });

  it("keeps the user's language and blocks without one", () => {
    const data = toPageData(
      {
        es: rec({ _id: 'es', lang: 'es', order: 1 }),
        en: rec({ _id: 'en', lang: 'en', order: 1 }),
        any: rec({ _id: 'any', order: 2 }),
      },
      'es',
    );
    expect(data.blocks.map((b) => b._id)).toEqual(['es', 'any']);
  });

  it('shows what the server sent when nothing is in the language (its fallback)', () => {
    expect(toPageData({ en: rec({ _id: 'en', lang: 'en' }) }, 'ar').blocks.map((b) => b._id)).toEqual(['en']);
  });
});

describe('cardSpan (columns of 12 per card)', () => {
  it.each([
    [1, 12],
    [2, 6],
    [3, 4],
    [4, 3],
    [5, 4],
    [6, 6],
    [9, 6],
  ])('%i cards -> %i', (n, span) => {
    expect(cardSpan(n)).toBe(span);
  });
});

describe('videoSize (spec 9)', () => {
  it.each([
    [undefined, 585, 330],
    [1000, 585, 329.9],
    [585, 585, 329.9],
    [400, 400, 225.6],
    [330, 330, 186.1],
    [300, 300, 169.2],
  ] as const)('%s px of room -> %i x %f', (room, width, height) => {
    expect(videoSize(room)).toEqual({ width, height });
  });
});
