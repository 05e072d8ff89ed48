import type { Card, Content } from '../../../domain/types.ts';
import type { Lang, PageId, PageSet } from './text-types.ts';
import { LANGS } from './text-types.ts';
import { en } from './pages/en.ts';
import { es } from './pages/es.ts';
import { pt } from './pages/pt.ts';
import { fr } from './pages/fr.ts';
import { ar } from './pages/ar.ts';
import { de } from './pages/de.ts';

export const DEMO_VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

interface BlockLayout {
  key: string;
  subtype?: string;
  condition?: 'unauthenticated';
  video?: string;
  videoplacement?: 'solo' | 'other';
  /** Survey block: the survey id without its language suffix. */
  survey?: string;
  /** Cards / accordion: first card key; following cards count up from it. */
  cardKeyBase?: number;
  /** Cards: link of each card, by position. */
  cardUrls?: string[];
}

/** Which blocks each page has, in display order (order 10, 20, 30, ...). */
const LAYOUT: Record<PageId, BlockLayout[]> = {
  home: [
    { key: 'banner', subtype: 'banner' },
    { key: 'intro', video: DEMO_VIDEO, videoplacement: 'other' },
    { key: 'welcome', condition: 'unauthenticated' },
    { key: 'cards', subtype: 'cards', cardKeyBase: 1700000000101, cardUrls: ['/Courses', '/HowItWorks', '/Resources', '/About'] },
    { key: 'courses', subtype: 'courselist' },
    { key: 'register', subtype: 'register', condition: 'unauthenticated' },
    { key: 'languages', subtype: 'languages' },
  ],
  HowItWorks: [
    { key: 'intro' },
    { key: 'steps', subtype: 'cards', cardKeyBase: 1700000000201, cardUrls: ['/register', '/Courses', '/users/profile/enrollment'] },
    { key: 'groups' },
    { key: 'faq', subtype: 'accordian', cardKeyBase: 1700000000301 },
  ],
  Courses: [{ key: 'intro' }, { key: 'list', subtype: 'courselist' }, { key: 'groups' }],
  Resources: [{ key: 'intro' }, { key: 'tips' }, { key: 'survey', subtype: 'survey', survey: 'feedback' }],
  About: [{ key: 'story' }, { key: 'contact' }],
  Terms_of_Use: [{ key: 'terms' }],
  Privacy: [{ key: 'notice' }],
  OptOutPreferences: [{ key: 'cookies' }],
  German: [{ key: 'welcome' }, { key: 'start' }],
  'page-not-found': [{ key: 'notfound' }],
};

const PAGE_SETS: Record<Lang, PageSet> = { en, es, pt, fr, ar, de };

function buildPages(): Content[] {
  const out: Content[] = [];
  for (const lang of LANGS) {
    const set = PAGE_SETS[lang];
    for (const context of Object.keys(LAYOUT) as PageId[]) {
      const page = set[context];
      if (!page) throw new Error(`demo content: page ${context} missing in ${lang}`);
      out.push({
        _id: `${context}-${lang}-page`,
        type: 'page',
        context,
        lang,
        order: 0,
        title: page.title,
        meta: page.meta,
        scripthead: '',
        scriptfoot: '',
      });
      LAYOUT[context].forEach((layout, index) => {
        const text = page.blocks[layout.key];
        if (!text) throw new Error(`demo content: block ${context}/${layout.key} missing in ${lang}`);
        const block: Content = {
          _id: `${context}-${lang}-${layout.key}`,
          type: 'block',
          subtype: layout.subtype ?? '',
          context,
          lang,
          order: (index + 1) * 10,
        };
        if (text.title !== undefined) block.title = text.title;
        // The page's title is its h1: a block opening with the same words as an h2 would say it twice.
        if (text.body !== undefined) block.body = withoutRepeatedHeading(text.body, page.title);
        if (text.body2 !== undefined) block.body2 = text.body2;
        if (layout.condition) block.condition = layout.condition;
        if (layout.video) {
          block.video = layout.video;
          block.videoplacement = layout.videoplacement ?? 'other';
        }
        if (layout.survey) block.after = `${layout.survey}-${lang}`;
        if (text.cards) {
          const base = layout.cardKeyBase ?? 1700000000001;
          block.cards = text.cards.map((card, i): Card => {
            const c: Card = { key: String(base + i), title: card.title, description: card.description };
            const url = layout.cardUrls?.[i];
            if (url) c.url = url;
            return c;
          });
        }
        out.push(block);
      });
    }
  }
  return out;
}

export const content: Content[] = buildPages();

/** `body` without a leading `<h2>` whose text is the page title (compared without case and spaces). */
export function withoutRepeatedHeading(body: string, title: string | undefined): string {
  const m = /^\s*<h2[^>]*>([\s\S]*?)<\/h2>\s*/i.exec(body);
  const norm = (s: string) =>
    s
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  // A body with its own h3 sections keeps its h2, or the outline would jump from h1 to h3.
  return m && title && norm(m[1]!) === norm(title) && !/<h3[\s>]/i.test(body) ? body.slice(m[0].length) : body;
}
