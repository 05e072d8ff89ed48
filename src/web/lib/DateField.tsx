/**
 * A date typed as the product writes dates everywhere: YYYY-MM-DD, left to right in every language.
 * A native date input would show the browser's locale format (mm/dd/yyyy) instead. The forms check
 * the value with the shared date rule (validation.ts) and the server checks it again.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { DATE_FORMAT } from '../../domain/constants.ts';

export function DateField(props: Omit<TextInputProps, 'type'>) {
  return <TextInput placeholder={DATE_FORMAT} inputMode="numeric" autoComplete="off" maxLength={10} dir="ltr" {...props} />;
}
