/**
 * A rich-text form field. The editor itself (tiptap) loads on demand; a load or start-up failure is
 * tried again, and after 5 tries the field says 'Unable to initialize editor' (spec 8) and offers the
 * HTML as plain text instead, so the work is never lost.
 */
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Alert, Skeleton, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import type { RichTextFieldProps } from './rich-text-props.ts';

export type { RichTextFieldProps };

/** Spec 8: 'Unable to initialize editor' after 5 tries. */
export const EDITOR_INIT_TRIES = 5;
const RETRY_DELAY_MS = 400;

class Boundary extends Component<{ onError: (e: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function RichTextField(props: RichTextFieldProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // A fresh lazy component per try: React keeps a failed import's error otherwise.
  const Editor = useMemo(() => lazy(() => import('./RichTextEditor.tsx')), [attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  if (attempt >= EDITOR_INIT_TRIES) {
    return (
      <div data-testid={props.testId}>
        <Alert color="red" variant="light" mb="xs" role="alert">
          {t(MSG.editorInitFailed)}
        </Alert>
        <Textarea
          label={props.label}
          description={props.description}
          error={props.error}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          autosize
          minRows={6}
          dir="ltr"
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      </div>
    );
  }
  return (
    <Boundary
      key={attempt}
      onError={(err) => {
        console.error('rich-text editor failed to start', err);
        setTimeout(() => setAttempt((a) => a + 1), RETRY_DELAY_MS);
      }}
    >
      <Suspense fallback={<Skeleton h={(props.minHeight ?? 180) + 60} radius="sm" aria-label={t('Loading the editor')} />}>
        {/* eslint-disable-next-line react-hooks/static-components -- the editor is one module-level lazy component, not one made per render */}
        <Editor {...props} />
      </Suspense>
    </Boundary>
  );
}
