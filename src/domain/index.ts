/** The shared domain module: imported by server and web app; imports nothing of ours. */
export * from './constants.ts';
export * from './messages.ts';
export * from './types.ts';
export * from './validation.ts';
export * from './paging.ts';
export * from './rich-text.ts';
export * from './dates.ts';
