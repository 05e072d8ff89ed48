/** Columns (of 12) per card by card count (spec 2): 1 -> 12, 2 -> 6, 4 -> 3, fewer than 6 -> 4, else 6. */
export function cardSpan(count: number): number {
  if (count === 1) return 12;
  if (count === 2) return 6;
  if (count === 4) return 3;
  if (count < 6) return 4;
  return 6;
}
