/**
 * Numbers, phones, codes and e-mails read left to right inside Arabic text. A span with no strong
 * letter ("-3", "+234 (1) 555-0101") takes the page's direction and comes out scrambled ("3-"), so
 * such values are isolated as left-to-right: `<Ltr>` in markup, `ltrText` where only text fits
 * (option labels), with the Unicode isolate marks.
 */
import type { ReactNode } from 'react';

/** Digits, signs and punctuation only: a number, a phone, a date, a percentage. */
export const isNumberLike = (s: string) => /^[\s\d+\-−.,:/%()#*]+$/.test(s) && /\d/.test(s);

export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** A choice's text as given, isolated left to right when it is number-like. */
export const ltrText = (s: string) => (isNumberLike(s) ? `\u2066${s}\u2069` : s);

/** A choice's label: number-like ones isolated left to right. */
export const choiceLabel = (s: string): ReactNode => (isNumberLike(s) ? <Ltr>{s}</Ltr> : s);
