/**
 * Marks an English label that is translated later with t() (in a table, a prop, a status message).
 * Does nothing at run time; the label check in src/domain/i18n finds these keys.
 */
export const tk = <T extends string>(label: T): T => label;
