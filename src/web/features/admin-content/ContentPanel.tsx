/**
 * /admin/content/{id}: every field of a page or block record (spec 3, Content), `new` for a new one
 * (?context=, ?type=page, ?lang= prefill it). A page lists its blocks; the files of the page are at
 * the foot. Head and foot scripts are for admins only (the server enforces it as well).
 */
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { ContentSaveSchema, NEW_ID } from '../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { useSession } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { byOrder, contentQuery, isPageRecord, removeContent, saveContent } from '../../lib/data/content.ts';
import { BLOCK_TYPES, blockPayload } from '../../components/editor/BlockEditor.tsx';
import { CardsEditor, cardErrors } from '../../components/editor/CardsEditor.tsx';
import { RichTextField } from '../../components/editor/RichTextField.tsx';
import { VideoFields } from '../../components/editor/VideoFields.tsx';
import { contentListQuery } from './api.ts';
import { FilesSection } from './FilesSection.tsx';
import { VersionHistory } from '../../components/VersionHistory.tsx';
import { queryClient } from '../../lib/query.ts';
import { LoadFailed, PanelHeader, SaveBar, useEditorMutation, type Crumb } from './parts.tsx';
import { adminPath, contentPagePath, withQuery } from '../../lib/paths.ts';

const TYPES = [
  { value: 'page', label: tk('Page') },
  { value: 'block', label: tk('Block') },
  { value: 'snippet', label: tk('Snippet') },
];

export const pagePath = (context: string) => (context === 'home' ? '/' : contentPagePath(context));

export default function ContentPanel({ id }: { id: string }) {
  const [search] = useSearchParams();
  const { lang } = useSession();
  const isNew = !id || id === NEW_ID;
  const q = useQuery({ ...contentQuery(id), enabled: !isNew });
  if (isNew) {
    const type = (
      ['page', 'Page', 'snippet', 'snip', 'block'].includes(search.get('type') ?? '') ? search.get('type') : 'block'
    ) as Content['type'];
    const fresh: Content = {
      _id: NEW_ID,
      type,
      context: search.get('context') ?? '',
      lang: search.get('lang') ?? lang,
      subtype: search.get('subtype') ?? '',
      order: Number(search.get('order')) || (type === 'block' ? 10 : 0),
      title: '',
      body: '',
    };
    return <ContentForm key="new" record={fresh} />;
  }
  if (q.isPending)
    return (
      <Stack data-testid="content-panel" data-loading="true">
        <Skeleton h={40} w="40%" />
        <Skeleton h={300} />
      </Stack>
    );
  if (q.isError)
    return (
      <Stack data-testid="content-panel">
        <PanelHeader crumbs={[]} title={id} />
        <LoadFailed error={q.error} />
      </Stack>
    );
  return <ContentForm key={`${q.data._id}-${q.data.timestamp ?? ''}`} record={q.data} />;
}

const withCards = (c: Content) => !isPageRecord(c) && (c.subtype === 'cards' || c.subtype === 'accordian');

/** What is saved: the block's fields (cards only for cards and accordions), the scripts only from an admin. */
function payloadOf(draft: Content, isAdmin: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    ...blockPayload(draft),
    description: draft.description ?? '',
    style: draft.style ?? '',
    meta: draft.meta ?? '',
  };
  if (!withCards(draft)) delete payload.cards;
  if (isAdmin) {
    payload.scripthead = draft.scripthead ?? '';
    payload.scriptfoot = draft.scriptfoot ?? '';
  }
  return payload;
}

function ContentForm({ record }: { record: Content }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, config } = useSession();
  const isAdmin = !!user?.isAdmin;
  const form = useForm<Content>({ initialValues: record, validate: (v) => zodErrors(ContentSaveSchema, payloadOf(v, isAdmin)) });
  const draft = form.values;
  const isNew = record._id === NEW_ID;
  const isPage = isPageRecord(draft);
  const hasCards = withCards(draft);
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  // A changed field's error goes (the form clears it), as the editors expect.
  const set = <K extends keyof Content>(key: K, value: Content[K]) => form.setFieldValue(key, value as never);
  const err = (k: string) => fieldError(t, form.errors, k);
  const saving = useEditorMutation({
    mutationFn: saveContent,
    success: isPage ? tk('The page was saved.') : tk('The block was saved.'),
    setErrors: form.setErrors,
    // The temporary record `new` is dropped: from now on the panel edits the saved one.
    then: (saved) => {
      if (isNew) navigate(adminPath('content', saved._id), { replace: true });
    },
  });
  const removing = useEditorMutation({
    mutationFn: removeContent,
    success: isPage ? tk('The page record was removed.') : tk('The block was removed.'),
    then: () => navigate(pagePath(record.context || 'home')),
  });
  const types = TYPES.some((x) => x.value === draft.type) ? TYPES : [...TYPES, { value: draft.type, label: draft.type }];

  // The status area names the first refused field's problem; the cards editor shows its own.
  const save = form.onSubmit(
    (v) => {
      if (withCards(v) && Object.keys(cardErrors(v.cards ?? [])).length) {
        addStatus('error', MSG.correctFields);
        return;
      }
      saving.mutate(payloadOf(v, isAdmin) as unknown as Content);
    },
    (errs) => addStatus('error', String(Object.values(errs)[0] || MSG.correctFields)),
  );

  const crumbs: Crumb[] = [
    ...(isAdmin ? [{ label: t('Content'), to: '/admin/content' }] : [{ label: t('Content') }]),
    ...(record.context ? [{ label: record.context, to: pagePath(record.context) }] : []),
  ];
  const title = isNew ? (isPage ? t('New page') : t('New block')) : isPage ? t('Edit page') : t('Edit block');

  return (
    <Stack gap="md" data-testid="content-panel" data-record={record._id}>
      <PanelHeader crumbs={crumbs} title={title} />
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                <NativeSelect
                  label={t('Record type')}
                  value={draft.type}
                  onChange={(e) => set('type', e.currentTarget.value as Content['type'])}
                  data={types.map((x) => ({ value: x.value, label: t(x.label) }))}
                  error={err('type')}
                />
                <TextInput
                  label={t('Page')}
                  description={t('The address of the page: /{{name}}', { name: draft.context || '…' })}
                  required
                  value={draft.context}
                  onChange={(e) => set('context', e.currentTarget.value.trim())}
                  error={err('context')}
                  data-testid="content-context"
                />
                <NativeSelect
                  label={t('Language')}
                  value={draft.lang ?? ''}
                  onChange={(e) => set('lang', e.currentTarget.value || undefined)}
                  data={[{ value: '', label: t('Every language') }, ...languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))]}
                  error={err('lang')}
                />
                <NumberInput
                  label={t('Order')}
                  value={draft.order ?? 0}
                  allowDecimal={false}
                  error={err('order')}
                  onChange={(v) => set('order', typeof v === 'number' ? v : Number(v) || 0)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: isPage ? 1 : 2 }} spacing="sm">
                <TextInput
                  label={isPage ? t('Page title') : t('Title')}
                  value={draft.title ?? ''}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  error={err('title')}
                  data-testid="content-title"
                />
                {!isPage && (
                  <NativeSelect
                    label={t('Kind of block')}
                    value={draft.subtype ?? ''}
                    onChange={(e) => set('subtype', e.currentTarget.value)}
                    data={BLOCK_TYPES.map((b) => ({ value: b.value, label: t(b.label) }))}
                    error={err('subtype')}
                  />
                )}
              </SimpleGrid>
              {!isNew && (
                <Text size="xs" c="gray.7">
                  {t('Record')}: {record._id}
                  {record.timestamp ? ` · ${t('Updated')} ${record.timestamp.slice(0, 10)}` : ''}
                </Text>
              )}
            </Stack>
          </Paper>

          {!isPage && (
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              <Stack gap="sm">
                <RichTextField
                  label={t('Text')}
                  value={draft.body ?? ''}
                  onChange={(html) => set('body', html)}
                  error={err('body')}
                  uploadContext={draft.context || 'content'}
                  testId="content-body"
                />
                <Switch
                  label={t('Alternate text for visitors who are not signed in')}
                  checked={draft.condition === 'unauthenticated'}
                  onChange={(e) => set('condition', e.currentTarget.checked ? 'unauthenticated' : '')}
                />
                {draft.condition === 'unauthenticated' && (
                  <RichTextField
                    label={t('Text for visitors who are not signed in')}
                    description={t(
                      'Visitors who are not signed in read this text instead of the text above; signed-in readers do not see the block when the text above is empty.',
                    )}
                    value={draft.body2 ?? ''}
                    onChange={(html) => set('body2', html)}
                    error={err('body2')}
                    minHeight={100}
                    uploadContext={draft.context || 'content'}
                  />
                )}
                <VideoFields draft={draft} set={set} err={err} />
                <TextInput
                  label={t('Survey or destination')}
                  description={t('For a survey block, the id of the survey')}
                  value={draft.after ?? ''}
                  onChange={(e) => set('after', e.currentTarget.value)}
                  error={err('after')}
                />
                {hasCards && (
                  <CardsEditor
                    block={draft}
                    accordion={draft.subtype === 'accordian'}
                    onChange={(cards) => set('cards', cards)}
                    onSaved={(b) => form.setFieldValue('cards', b.cards)}
                  />
                )}
              </Stack>
            </Paper>
          )}

          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {isPage ? t('Page settings') : t('More settings')}
              </Title>
              {isPage && (
                <RichTextField
                  label={t('Description')}
                  value={draft.description ?? ''}
                  onChange={(html) => set('description', html)}
                  error={err('description')}
                  minHeight={100}
                  uploadContext={draft.context || 'content'}
                />
              )}
              <Textarea
                label={t('Meta description')}
                description={t('A sentence about the page for search engines')}
                autosize
                minRows={2}
                value={draft.meta ?? ''}
                onChange={(e) => set('meta', e.currentTarget.value)}
                error={err('meta')}
              />
              <TextInput
                label={t('Style')}
                description={t('CSS declarations such as: background: #f5f5f5; padding: 1rem')}
                value={draft.style ?? ''}
                onChange={(e) => set('style', e.currentTarget.value)}
                error={err('style')}
                dir="ltr"
              />
              {isPage && (
                <>
                  <Textarea
                    label={t('Head scripts')}
                    description={
                      isAdmin
                        ? t('Third-party scripts; they run only for visitors who accept cookies.')
                        : t('Only an admin may change the scripts of a page.')
                    }
                    autosize
                    minRows={2}
                    value={draft.scripthead ?? ''}
                    onChange={(e) => set('scripthead', e.currentTarget.value)}
                    readOnly={!isAdmin}
                    error={err('scripthead')}
                    dir="ltr"
                    styles={{ input: { fontFamily: 'monospace' } }}
                  />
                  <Textarea
                    label={t('Foot scripts')}
                    autosize
                    minRows={2}
                    value={draft.scriptfoot ?? ''}
                    onChange={(e) => set('scriptfoot', e.currentTarget.value)}
                    readOnly={!isAdmin}
                    error={err('scriptfoot')}
                    dir="ltr"
                    styles={{ input: { fontFamily: 'monospace' } }}
                  />
                </>
              )}
            </Stack>
          </Paper>

          <SaveBar
            busy={saving.isPending}
            removing={removing.isPending}
            onRemove={isNew ? undefined : () => removing.mutate(record._id)}
            removeTitle={isPage ? t('Remove this page record?') : t('Remove this block?')}
            removeMessage={t('Readers will no longer see it. This cannot be undone.')}
          >
            {!isNew && <VersionHistory kind="content" id={record._id} onRestored={() => queryClient.invalidateQueries()} />}
            {draft.context && (
              <Button
                variant="default"
                component={Link}
                to={pagePath(draft.context)}
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('View the page')}
              </Button>
            )}
          </SaveBar>
        </Stack>
      </form>
      {isPage && !isNew && <PageBlocks context={record.context} lang={record.lang} />}
      {!isNew && record.context && <FilesSection context={record.context} />}
    </Stack>
  );
}

/** The blocks of a page, by language and order, with a way to add one. */
function PageBlocks({ context, lang }: { context: string; lang?: string }) {
  const { t } = useTranslation();
  const q = useQuery(contentListQuery({ context }));
  const blocks = (q.data ?? []).filter((c) => !isPageRecord(c)).sort((a, b) => (a.lang ?? '').localeCompare(b.lang ?? '') || byOrder(a, b));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="page-blocks" data-testid="page-blocks">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="page-blocks">
          {t('Blocks of this page')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          component={Link}
          to={withQuery(adminPath('content', NEW_ID), { context, lang })}
        >
          {t('Add a block')}
        </Button>
      </Group>
      {q.isPending ? (
        <Skeleton h={80} />
      ) : blocks.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('No blocks yet.')}
        </Text>
      ) : (
        <ul className="admin-content-list">
          {blocks.map((b) => (
            <li key={b._id}>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light" color="gray">
                  {b.lang ?? t('Every language')}
                </Badge>
                <Badge variant="outline">{b.order ?? 0}</Badge>
                <Anchor component={Link} to={adminPath('content', b._id)} size="sm">
                  {b.title || b._id}
                </Anchor>
                {b.subtype && (
                  <Text size="xs" c="gray.7">
                    {t(BLOCK_TYPES.find((x) => x.value === b.subtype)?.label ?? b.subtype)}
                  </Text>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
