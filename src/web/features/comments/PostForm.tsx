/**
 * The form for a post or a reply: rich-text body and, for posts in self-paced classes, public or
 * private access with a share list of emails separated by commas (each checked as you type, spec 5).
 * The same limits as the server, with its messages; a refusal from the server shows its message.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { POST_MAX_LENGTH, firstBadShareAddress, parseShareList } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
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
  return bad ? <>{t(MSG.shareAddressInvalid)} <bdi dir="ltr">{bad}</bdi></> : <>{t(fallback)}</>;
}

type Errors = { body?: string; sharedStr?: string; form?: string };

function bodyError(html: string): string | undefined {
  if (isBlankHtml(html)) return MSG.postEmpty;
  if (html.length > POST_MAX_LENGTH) return MSG.postTooLong;
  return undefined;
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

export function PostForm({ parent, context, selfPaced, post, label, submitLabel, autoFocus, onDone, onCancel, testId = 'post-form' }: {
  parent: string; context: string | null; selfPaced: boolean;
  /** The post being edited; a new post when absent. */
  post?: PostRecord;
  label?: string; submitLabel?: string; autoFocus?: boolean;
  onDone?: (post: PostRecord) => void; onCancel?: () => void; testId?: string;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(post?.body ?? '');
  const [access, setAccess] = useState<'public' | 'private'>(post?.access ?? 'public');
  const [sharedStr, setSharedStr] = useState(post?.sharedStr ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const isPrivate = selfPaced && access === 'private';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Errors = { body: bodyError(body), sharedStr: isPrivate ? shareError(sharedStr) : undefined };
    setErrors(errs);
    if (errs.body || errs.sharedStr) return;
    setBusy(true);
    try {
      const saved = await savePost({
        ...(post ? { _id: post._id } : {}), parent, context, body,
        // Access applies only in self-paced classes (spec 2).
        ...(selfPaced ? { access, sharedStr: isPrivate ? sharedStr : '' } : {}),
      });
      if (!post) { setBody(''); setSharedStr(''); setAccess('public'); }
      onDone?.(saved);
    } catch (err) {
      if (err instanceof SavedOnDevice) {
        // Written offline: it waits on the device and is sent when the connection returns.
        setBody(''); setSharedStr(''); setAccess('public');
        addStatus('info', err.message, 10_000);
        return;
      }
      const errs2 = serverErrors(err);
      if (errs2) setErrors(errs2);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {errors.form && <Alert color="red" role="alert">{t(errors.form)}</Alert>}
        <RichText label={label ?? t('Your post')} value={body} autoFocus={autoFocus} testId={`${testId}-body`}
          error={errors.body ? t(errors.body) : undefined}
          onChange={(v) => { setBody(v); if (errors.body) setErrors((x) => ({ ...x, body: bodyError(v) })); }} />
        {selfPaced && (
          <Radio.Group label={t('Who can read this post?')} value={access} onChange={(v) => setAccess(v as 'public' | 'private')}
            data-testid={`${testId}-access`}>
            <Group gap="lg" mt={6}>
              <Radio value="public" label={t('Public: everyone in the class')} />
              <Radio value="private" label={t('Private: only the people I list')} />
            </Group>
          </Radio.Group>
        )}
        {isPrivate && (
          <TextInput name="sharedStr" label={t('Share with')} description={t('Email addresses, separated by commas')}
            value={sharedStr} inputMode="email" autoComplete="off" data-testid={`${testId}-shared`}
            error={errors.sharedStr ? <ShareError text={sharedStr} fallback={errors.sharedStr} /> : undefined}
            onChange={(e) => { const v = e.currentTarget.value; setSharedStr(v); setErrors((x) => ({ ...x, sharedStr: shareError(v) })); }} />
        )}
        <Group gap="xs">
          <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>{submitLabel ?? (post ? t('Save') : t('Post'))}</Button>
          {onCancel && <Button variant="default" onClick={onCancel} disabled={busy}>{t('Cancel')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}

export function ReplyForm({ postId, reply, autoFocus, onDone, onCancel, testId = 'reply-form' }: {
  postId: string; reply?: ReplyRecord; autoFocus?: boolean;
  onDone?: (reply: ReplyRecord) => void; onCancel?: () => void; testId?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useSession();
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const err = bodyError(body);
    setErrors({ body: err });
    if (err) return;
    setBusy(true);
    try {
      const saved = await saveReply({ ...(reply ? { _id: reply._id } : { lang }), parent: postId, body });
      if (!reply) setBody('');
      onDone?.(saved);
    } catch (e2) {
      if (e2 instanceof SavedOnDevice) {
        setBody('');
        addStatus('info', e2.message, 10_000);
        return;
      }
      const errs = serverErrors(e2);
      if (errs) setErrors(errs);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {errors.form && <Alert color="red" role="alert">{t(errors.form)}</Alert>}
        <RichText label={reply ? t('Edit your reply') : t('Your reply')} value={body} autoFocus={autoFocus} minHeight={70}
          testId={`${testId}-body`} error={errors.body ? t(errors.body) : undefined}
          onChange={(v) => { setBody(v); if (errors.body) setErrors({ body: bodyError(v) }); }} />
        <Group gap="xs">
          <Button type="submit" size="sm" loading={busy} data-testid={`${testId}-submit`}>{reply ? t('Save') : t('Reply')}</Button>
          {onCancel && <Button size="sm" variant="default" onClick={onCancel} disabled={busy}>{t('Cancel')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
