/**
 * The server's idea of "now" for session lifetimes, throttling and one-time codes. One object per app,
 * so a test moves time forward (`advance`) without waiting and without touching the real clock.
 */
export class Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
  /** Moves this app's time forward (tests only). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
