/**
 * The little of jsdom the SVG sanitiser uses. @types/jsdom is not installed on purpose: it pulls the
 * browser's DOM typings into the whole server program.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: Record<string, unknown>);
    readonly window: { close(): void } & Record<string, unknown>;
  }
}
