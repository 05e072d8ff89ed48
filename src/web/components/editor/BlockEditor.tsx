/**
 * Editing a block in place (spec 2 and 4: display, edit, saved or removed). The draft lives in the
 * content page, so Preview can show it as readers would; a new block is a temporary record with the id
 * `new`, dropped once the server has saved it under its own id. Rules are the shared save schema's, checked
 * by the form before anything is sent.
 */
import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { ContentSaveSchema, NEW_ID } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { useSession } from '../../lib/session.ts';
import { tk } from '../../lib/tk.ts';
import { contentChanged, removeContent, saveContent } from '../../lib/data/content.ts';
import { VersionHistory } from '../VersionHistory.tsx';
import { RichTextField } from './RichTextField.tsx';
import { CardsEditor, cardErrors } from './CardsEditor.tsx';
import { VideoFields } from './VideoFields.tsx';
import { adminPath } from '../../lib/paths.ts';
import { AppModal } from '../AppModal.tsx';

export const BLOCK_TYPES = [
  { value: '', label: tk('Text and video') },
  { value: 'cards', label: tk('Cards') },
  { value: 'accordian', label: tk('Accordion') },
  { value: 'courselist', label: tk('Course list') },
  { value: 'banner', label: tk('Banner') },
  { value: 'register', label: tk('Registration form') },
  { value: 'survey', label: tk('Survey') },
  { value: 'languages', label: tk('Language list') },
];

/** The fields a block save sends (the server keeps the rest as they are). */
export function blockPayload(d: Content): Record<string, unknown> {
  const out: Record<string, unknown> = {
    _id: d._id,
    type: d.type || 'block',
    subtype: d.subtype ?? '',
    context: d.context,
    lang: d.lang ?? '',
    order: Number.isFinite(d.order) ? d.order : 0,
    title: d.title ?? '',
    body: d.body ?? '',
    body2: d.body2 ?? '',
    video: d.video ?? '',
    videoplacement: d.videoplacement ?? '',
    condition: d.condition ?? '',
    after: d.after ?? '',
  };
  if (d.subtype === 'cards' || d.subtype === 'accordian' || d.cards) out.cards = (d.cards ?? []).map((c) => ({ ...c }));
  return out;
}

export default function BlockEditor({
  draft: start,
  onChange,
  onClose,
}: {
  draft: Content;
  onChange: (d: Content) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { config } = useSession();
  // The form starts from the page's draft and hands every change back, so Preview (which closes the
  // editor) shows the change and reopening the editor starts from it again.
  const form = useForm<Content>({
    initialValues: start,
    validate: (v) => zodErrors(ContentSaveSchema, blockPayload(v)),
    onValuesChange: onChange,
  });
  const draft = form.values;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const isNew = draft._id === NEW_ID;
  // A changed field's error goes (the form clears it).
  const set = <K extends keyof Content>(key: K, value: Content[K]) => form.setFieldValue(key, value as never);
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  const hasCards = draft.subtype === 'cards' || draft.subtype === 'accordian';

  const saveBlock = useMutation({
    mutationFn: (payload: Record<string, unknown>) => saveContent(payload as unknown as Content),
    onSuccess: () => {
      addStatus('success', tk('The block was saved.'));
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        form.setErrors(err.fields);
        addStatus('error', err.message);
      } else addStatus('error', MSG.formError);
    },
  });
  const removeBlock = useMutation({
    mutationFn: removeContent,
    onSuccess: () => {
      addStatus('success', tk('The block was removed.'));
      onClose();
    },
    onError: (err) => addStatus('error', err instanceof ApiError ? err.message : MSG.formError),
  });
  const busy = saveBlock.isPending ? 'save' : removeBlock.isPending ? 'remove' : null;

  // The status area names the first refused field's problem; the cards editor shows its own.
  const save = form.onSubmit(
    (v) => {
      if (hasCards && Object.keys(cardErrors(v.cards ?? [])).length) {
        addStatus('error', MSG.correctFields);
        return;
      }
      saveBlock.mutate(blockPayload(v));
    },
    (errs) => addStatus('error', String(Object.values(errs)[0] || MSG.correctFields)),
  );
  const remove = () => {
    setConfirmRemove(false);
    if (isNew) {
      onClose();
      return;
    }
    removeBlock.mutate(draft._id);
  };
  const err = (k: string) => fieldError(t, form.errors, k);

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      className="block-editor"
      data-testid="block-editor"
      data-block-editor={draft._id}
      component="form"
      onSubmit={save}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {isNew ? t('New block') : t('Edit block')}
          </Title>
          {!isNew && (
            <Group gap="xs">
              <VersionHistory
                kind="content"
                id={draft._id}
                onRestored={async () => {
                  await contentChanged();
                  onClose();
                }}
              />
              <Anchor component={Link} to={adminPath('content', draft._id)} size="sm">
                {t('All settings of this block')}
              </Anchor>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('Kind of block')}
            value={draft.subtype ?? ''}
            onChange={(e) => set('subtype', e.currentTarget.value)}
            data={BLOCK_TYPES.map((b) => ({ value: b.value, label: t(b.label) }))}
            error={err('subtype')}
            data-testid="block-subtype"
          />
          <TextInput
            label={t('Title')}
            value={draft.title ?? ''}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={err('title')}
            data-testid="block-title"
          />
        </SimpleGrid>
        <RichTextField
          label={t('Text')}
          value={draft.body ?? ''}
          onChange={(html) => set('body', html)}
          error={err('body')}
          uploadContext={draft.context}
          testId="block-body"
        />
        {draft.subtype === 'survey' && (
          <TextInput
            label={t('Survey')}
            description={t('The id of the survey to show')}
            value={draft.after ?? ''}
            onChange={(e) => set('after', e.currentTarget.value)}
            error={err('after')}
          />
        )}
        {hasCards && (
          <CardsEditor
            block={draft}
            onChange={(cards) => set('cards', cards)}
            accordion={draft.subtype === 'accordian'}
            // The server saved the cards alone; the other fields stay as the editor has them.
            onSaved={(b) => set('cards', b.cards)}
          />
        )}
        {(draft.subtype ?? '') === '' && <VideoFields draft={draft} set={set} err={err} />}
        <Switch
          label={t('Alternate text for visitors who are not signed in')}
          checked={draft.condition === 'unauthenticated'}
          onChange={(e) => set('condition', e.currentTarget.checked ? 'unauthenticated' : '')}
        />
        {draft.condition === 'unauthenticated' && draft.subtype !== 'register' && (
          <RichTextField
            label={t('Text for visitors who are not signed in')}
            description={t(
              'Visitors who are not signed in read this text instead of the text above; signed-in readers do not see the block when the text above is empty.',
            )}
            value={draft.body2 ?? ''}
            onChange={(html) => set('body2', html)}
            error={err('body2')}
            uploadContext={draft.context}
            minHeight={100}
            testId="block-body2"
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('Order')}
            description={t('Blocks are shown from the lowest number up')}
            value={draft.order ?? 0}
            onChange={(v) => set('order', typeof v === 'number' ? v : Number(v) || 0)}
            error={err('order')}
            allowDecimal={false}
          />
          <NativeSelect
            label={t('Language')}
            value={draft.lang ?? ''}
            onChange={(e) => set('lang', e.currentTarget.value || undefined)}
            data={[{ value: '', label: t('Every language') }, ...languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))]}
            error={err('lang')}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="xs" mt="xs">
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirmRemove(true)}
            loading={busy === 'remove'}
            disabled={busy !== null}
            data-testid="remove-block"
          >
            {isNew ? t('Discard') : t('Remove')}
          </Button>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={onClose}
              disabled={busy !== null}
              data-testid="cancel-block"
            >
              {t('Cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={busy === 'save'}
              disabled={busy !== null}
              data-testid="save-block"
            >
              {t('Save')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <AppModal
        opened={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={isNew ? t('Discard this new block?') : t('Remove this block?')}
        centered
      >
        <Text size="sm" mb="md">
          {isNew ? t('The block has not been saved yet.') : t('Readers will no longer see it. This cannot be undone.')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirmRemove(false)}>
            {t('Cancel')}
          </Button>
          <Button color="red" onClick={() => remove()} data-testid="confirm-remove">
            {isNew ? t('Discard') : t('Remove')}
          </Button>
        </Group>
      </AppModal>
    </Paper>
  );
}
