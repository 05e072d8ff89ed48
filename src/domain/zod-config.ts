/**
 * A rule written without a message of its own (a length limit, say) still answers in the reader's
 * language: the generic 'Not valid', translated like every message, never the library's English text.
 * Imported for its effect by every module that builds schemas; a rule's own message always wins.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';

z.config({ customError: () => MSG.notValid });
