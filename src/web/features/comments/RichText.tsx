import { lazy, Suspense } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import type { RichTextInputProps } from './editor/RichTextInput.tsx';

const RichTextInput = lazy(() => import('./editor/RichTextInput.tsx'));

/** The rich-text field, loaded on first use; a placeholder of the same size holds its place meanwhile. */
export function RichText(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Stack gap={4} aria-busy="true">
          <Skeleton h={16} w={120} />
          <Skeleton h={(props.minHeight ?? 110) + 42} />
        </Stack>
      }
    >
      <RichTextInput {...props} />
    </Suspense>
  );
}
