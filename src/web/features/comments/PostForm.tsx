/**
 * The form for a post or a reply: rich-text body and, for posts in self-paced classes, public or
 * private access with a share list of emails separated by commas (each checked as you type, spec 5).
 * The same limits as the server, with its messages; a refusal from the server shows its message.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { ReplySaveSchema, firstBadShareAddress, parseShareList } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { zodErrors } from '../../lib/forms.ts';
import { useSession } from '../../lib/session.ts';
import { SavedOnDevice } from '../../lib/offline/queue.ts';
import { addStatus } from '../../lib/status.ts';
import { savePost, saveReply, type PostRecord, type ReplyRecord } from './api.ts';
import { isBlankHtml } from './paths.ts';
import { RichText } from './RichText.tsx';

/** Names the address that is wrong (left to right inside Arabic text), not only that one is. */
function ShareError({ text, fallback }: { text: string; fallback: string }) {
  const { t } = useTranslation();
  const bad = firstBadShareAddress(text);
  return bad ? (
    <>
      {t(MSG.shareAddressInvalid)} <bdi dir="ltr">{bad}</bdi>
    </>
  ) : (
    <>{t(fallback)}</>
  );
}

type Errors = { body?: string; sharedStr?: string; form?: string };
interface PostValues {
  body: string;
  access: 'public' | 'private';
  sharedStr: string;
}

// A post's body follows the same rule as a reply's.
const BodySchema = ReplySaveSchema.pick({ body: true });
function bodyErrors(html: string): FormErrors {
  // The editor leaves markup (an empty paragraph) in a post without text: that is blank too, and said before any length.
  if (isBlankHtml(html)) return { body: MSG.postEmpty };
  return zodErrors(BodySchema, { body: html });
}
const shareError = (v: string) => (parseShareList(v) === null ? MSG.sharedEmails : undefined);

/** A refusal the user can act on (bad input, too many posts) is shown; other failures are only logged (spec 8). */
function serverErrors(err: unknown): Errors | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) {
    console.error('comment call failed', err);
    return null;
  }
  const f = err.fields;
  if (f.body) return { body: f.body };
  if (f.sharedStr || f.shared) return { sharedStr: f.sharedStr ?? f.shared };
  return { form: err.message };
}

/** Shows a refusal from the server: on its field, or above the form (replacing what was shown before). */
function showServerErrors(err: unknown, setErrors: (e: FormErrors) => void, setFormError: (m: string | null) => void) {
  const e = serverErrors(err);
  if (!e) return;
  setErrors({ body: e.body, sharedStr: e.sharedStr });
  setFormError(e.form ?? null);
}

/**
 * What the post and reply forms share: a save written offline clears the form and says so, a refusal
 * shows on its field or above the form, and each try starts without the last message.
 */
function useCommentSave<V extends { body: string }, R>(
  form: UseFormReturnType<V>,
  { save, clear, onSaved }: { save: (v: V) => Promise<R>; clear: () => void; onSaved: (saved: R) => void },
) {
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (err) => {
      if (err instanceof SavedOnDevice) {
        // Written offline: it waits on the device and is sent when the connection returns.
        clear();
        addStatus('info', err.message, 10_000);
        return;
      }
      showServerErrors(err, form.setErrors, setFormError);
    },
  });
  const onSubmit = form.onSubmit(
    (v) => {
      setFormError(null);
      mutation.mutate(v);
    },
    () => setFormError(null),
  );
  return { onSubmit, formError, busy: mutation.isPending };
}

/** The form: the server's message above, then the body, then what the post or reply form adds. */
function CommentFormBody({
  onSubmit,
  formError,
  bodyError,
  onBodyChange,
  testId,
  children,
  ...body
}: {
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  bodyError: unknown;
  onBodyChange: (html: string) => void;
  testId: string;
  label: string;
  value: string;
  autoFocus?: boolean;
  minHeight?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {t(formError)}
          </Alert>
        )}
        <RichText {...body} testId={`${testId}-body`} error={bodyError ? t(String(bodyError)) : undefined} onChange={onBodyChange} />
        {children}
      </Stack>
    </form>
  );
}

export function PostForm({
  parent,
  context,
  selfPaced,
  post,
  label,
  submitLabel,
  autoFocus,
  onDone,
  onCancel,
  testId = 'post-form',
}: {
  parent: string;
  context: string | null;
  selfPaced: boolean;
  /** The post being edited; a new post when absent. */
  post?: PostRecord;
  label?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  onDone?: (post: PostRecord) => void;
  onCancel?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const form = useForm<PostValues>({
    initialValues: { body: post?.body ?? '', access: post?.access ?? 'public', sharedStr: post?.sharedStr ?? '' },
    // A body's message stays until the body is right; the share list is checked as it is typed.
    clearInputErrorOnChange: false,
    validateInputOnChange: ['sharedStr'],
    validate: (v) => ({ ...bodyErrors(v.body), sharedStr: selfPaced && v.access === 'private' ? shareError(v.sharedStr) : undefined }),
  });
  const { body, access, sharedStr } = form.getValues();
  const isPrivate = selfPaced && access === 'private';
  const clear = () => form.setValues({ body: '', sharedStr: '', access: 'public' });

  const { onSubmit, formError, busy } = useCommentSave(form, {
    save: (v) =>
      savePost({
        ...(post ? { _id: post._id } : {}),
        parent,
        context,
        body: v.body,
        // Access applies only in self-paced classes (spec 2).
        ...(selfPaced ? { access: v.access, sharedStr: v.access === 'private' ? v.sharedStr : '' } : {}),
      }),
    clear,
    onSaved: (saved) => {
      if (!post) clear();
      onDone?.(saved);
    },
  });
  const errors = form.errors;

  return (
    <CommentFormBody
      onSubmit={onSubmit}
      formError={formError}
      testId={testId}
      label={label ?? t('Your post')}
      value={body}
      autoFocus={autoFocus}
      bodyError={errors.body}
      onBodyChange={(v) => {
        form.setFieldValue('body', v);
        if (errors.body) form.validateField('body');
      }}
    >
      {selfPaced && (
        <Radio.Group
          label={t('Who can read this post?')}
          value={access}
          onChange={(v) => form.setFieldValue('access', v as 'public' | 'private')}
          data-testid={`${testId}-access`}
        >
          <Group gap="lg" mt={6}>
            <Radio value="public" label={t('Public: everyone in the class')} />
            <Radio value="private" label={t('Private: only the people I list')} />
          </Group>
        </Radio.Group>
      )}
      {isPrivate && (
        <TextInput
          name="sharedStr"
          label={t('Share with')}
          description={t('Email addresses, separated by commas')}
          value={sharedStr}
          inputMode="email"
          autoComplete="off"
          data-testid={`${testId}-shared`}
          error={errors.sharedStr ? <ShareError text={sharedStr} fallback={String(errors.sharedStr)} /> : undefined}
          onChange={(e) => form.setFieldValue('sharedStr', e.currentTarget.value)}
        />
      )}
      <Group gap="xs">
        <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
          {submitLabel ?? (post ? t('Save') : t('Post'))}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
        )}
      </Group>
    </CommentFormBody>
  );
}

export function ReplyForm({
  postId,
  reply,
  autoFocus,
  onDone,
  onCancel,
  testId = 'reply-form',
}: {
  postId: string;
  reply?: ReplyRecord;
  autoFocus?: boolean;
  onDone?: (reply: ReplyRecord) => void;
  onCancel?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useSession();
  const form = useForm({
    initialValues: { body: reply?.body ?? '' },
    clearInputErrorOnChange: false,
    validate: (v) => bodyErrors(v.body),
  });
  const { body } = form.getValues();

  const { onSubmit, formError, busy } = useCommentSave(form, {
    save: (v) => saveReply({ ...(reply ? { _id: reply._id } : { lang }), parent: postId, body: v.body }),
    clear: () => form.setFieldValue('body', ''),
    onSaved: (saved) => {
      if (!reply) form.setFieldValue('body', '');
      onDone?.(saved);
    },
  });
  const errors = form.errors;

  return (
    <CommentFormBody
      onSubmit={onSubmit}
      formError={formError}
      testId={testId}
      label={reply ? t('Edit your reply') : t('Your reply')}
      value={body}
      autoFocus={autoFocus}
      minHeight={70}
      bodyError={errors.body}
      onBodyChange={(v) => {
        form.setFieldValue('body', v);
        if (errors.body) form.validateField('body');
      }}
    >
      <Group gap="xs">
        <Button type="submit" size="sm" loading={busy} data-testid={`${testId}-submit`}>
          {reply ? t('Save') : t('Reply')}
        </Button>
        {onCancel && (
          <Button size="sm" variant="default" onClick={onCancel} disabled={busy}>
            {t('Cancel')}
          </Button>
        )}
      </Group>
    </CommentFormBody>
  );
}
