import { VIDEO_ASPECT, VIDEO_DEFAULT_HEIGHT, VIDEO_DEFAULT_WIDTH, VIDEO_MIN_HEIGHT, VIDEO_MIN_WIDTH } from '../../domain/constants.ts';

/**
 * The player's size for the room it has (spec 9): 585x330 by default, never narrower than 330 px
 * (unless the screen itself is narrower: it never overflows), height 0.564 of the width, at least 169.2.
 */
export function videoSize(available: number | null | undefined): { width: number; height: number } {
  if (!available || available <= 0) return { width: VIDEO_DEFAULT_WIDTH, height: VIDEO_DEFAULT_HEIGHT };
  const width = Math.min(VIDEO_DEFAULT_WIDTH, Math.max(VIDEO_MIN_WIDTH, available), available);
  const height = Math.max(VIDEO_MIN_HEIGHT, Math.round(width * VIDEO_ASPECT * 10) / 10);
  return { width: Math.round(width * 10) / 10, height };
}
