import type { Content, Card } from '../../../domain/types.ts';
import type { ContentTable } from '../../db/schema.ts';
import { fromJson } from '../../db/dialect.ts';

const opt = <T>(v: T | null) => (v === null ? undefined : v);

export function presentContent(r: ContentTable): Content {
  return {
    _id: r.id,
    type: r.type as Content['type'],
    subtype: opt(r.subtype) ?? '',
    context: r.context,
    lang: opt(r.lang),
    order: r.order,
    title: opt(r.title),
    body: opt(r.body),
    body2: opt(r.body2),
    description: opt(r.description),
    video: opt(r.video),
    videoplacement: opt(r.videoplacement) as Content['videoplacement'],
    condition: (opt(r.condition) ?? '') as Content['condition'],
    after: opt(r.after),
    cards: fromJson<Card[] | undefined>(r.cards, undefined),
    scripthead: opt(r.scripthead),
    scriptfoot: opt(r.scriptfoot),
    style: opt(r.style),
    meta: opt(r.meta),
    timestamp: r.timestamp,
  };
}
