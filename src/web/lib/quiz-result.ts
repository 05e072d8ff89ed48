/** Whether a lesson's last quiz result passed: its score against the site's pass percentage. */
import type { LessonProgress } from '../../domain/types.ts';

export function quizPassed(p: LessonProgress | undefined, passpercent: number): boolean {
  if (!p?.quizdate || !p.possible) return false;
  return ((p.score ?? 0) / p.possible) * 100 >= passpercent;
}
