/**
 * Translations editor: per language, every UI label with its English text and its
 * translation, a filter for the untranslated ones, and a save per label (or all changes at once).
 * Users of that language get the change on their next whoami; an empty translation shows English.
 */
import { useId, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Group, Paper, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../domain/constants.ts';
import { applyLanguage, isRtl } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import type { LanguageLabels } from '../../../../domain/replies-admin.ts';
import type { LabelRow } from '../../../../domain/types.ts';
import { languageQuery, setLanguage } from '../api.ts';
import { LoadError, TableSkeleton, errorMessage, AdminPagination } from '../../../components/panel-parts.tsx';

const PAGE_SIZE = 25;

function LabelEditor({
  row,
  lang,
  draft,
  onDraft,
  onSave,
  saving,
}: {
  row: LabelRow;
  lang: string;
  draft: string | undefined;
  onDraft: (v: string) => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = draft ?? row.translation;
  const dirty = draft !== undefined && draft !== row.translation;
  return (
    <Paper withBorder px="sm" py={8} radius="sm" data-label={row.label} data-translated={row.translated ? 'true' : 'false'}>
      <div className="admin-label-row">
        <Stack gap={2} className="admin-label-source">
          <Text size="sm" fw={600} className="admin-label-text" dir="ltr" lang="en" id={id}>
            {row.english}
          </Text>
          {row.plural ? (
            <Text size="xs" c="gray.7" data-testid="label-plural">
              {t('Plural form for counts')}:{' '}
              <span dir="ltr" lang="en">
                {row.plural}
              </span>
            </Text>
          ) : (
            row.english !== row.label && (
              <Text size="xs" c="gray.7" ff="monospace" dir="ltr">
                {row.label}
              </Text>
            )
          )}
          {!row.translated && (
            <Badge size="xs" color="red.9" variant="outline">
              {t('Untranslated')}
            </Badge>
          )}
        </Stack>
        <Group align="flex-start" wrap="nowrap" gap="xs" className="admin-label-input">
          <Textarea
            aria-labelledby={id}
            value={value}
            dir={isRtl(lang) ? 'rtl' : 'ltr'}
            lang={lang}
            autosize
            minRows={1}
            maxRows={6}
            style={{ flex: 1, minWidth: 0 }}
            placeholder={t('Not translated: the English text shows.')}
            onChange={(e) => onDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                if (dirty) onSave();
              }
            }}
          />
          <Button size="sm" onClick={onSave} disabled={!dirty} loading={saving} data-testid="label-save">
            {t('Save')}
          </Button>
        </Group>
      </div>
    </Paper>
  );
}

function LanguageEditor({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const q = useQuery(languageQuery(lang));
  const [params, setParams] = useSearchParams();
  const untranslatedOnly = params.get('untranslated') === '1';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim().toLowerCase(), 200);
  const [page, setPage] = useState(1);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // Several saves may run at once (one label, then all changes): each label is busy while a save of it runs.
  const saveKey = ['localize', 'save', lang];
  const saving = new Set(
    useMutationState({
      filters: { mutationKey: saveKey, status: 'pending' },
      select: (m) => Object.keys((m.state.variables ?? {}) as Record<string, string>),
    }).flat(),
  );

  const rows = useMemo(
    () =>
      (q.data?.labels ?? []).filter(
        (r) =>
          (!untranslatedOnly || !r.translated) &&
          (!debounced ||
            r.label.toLowerCase().includes(debounced) ||
            r.english.toLowerCase().includes(debounced) ||
            r.translation.toLowerCase().includes(debounced)),
      ),
    [q.data, untranslatedOnly, debounced],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const changed = Object.entries(drafts).filter(([label, v]) => v !== (q.data?.labels.find((r) => r.label === label)?.translation ?? ''));

  const saveLabels = useMutation({
    mutationKey: saveKey,
    mutationFn: (labels: Record<string, string>) => setLanguage(lang, labels),
    onSuccess: (r, labels) => {
      const keys = Object.keys(labels);
      queryClient.setQueryData<LanguageLabels>(
        languageQuery(lang).queryKey,
        (d) =>
          d && {
            ...d,
            labels: d.labels.map((row) =>
              keys.includes(row.label) ? { ...row, translation: labels[row.label]!, translated: labels[row.label] !== '' } : row,
            ),
            translated:
              d.translated +
              keys.filter((k) => labels[k] !== '' && !d.labels.find((x) => x.label === k)?.translated).length -
              keys.filter((k) => labels[k] === '' && d.labels.find((x) => x.label === k)?.translated).length,
          },
      );
      setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([k]) => !keys.includes(k))));
      // The admin's own language changes at once; everyone else's on their next whoami.
      if (lang === session.lang) applyLanguage(lang, r.loc);
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
      addStatus('success', tk('The translation has been saved.'));
    },
    onError: (err) => addStatus('error', errorMessage(err)),
  });
  const save = (labels: Record<string, string>) => saveLabels.mutate(labels);

  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  const d = q.data;
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="md" data-testid="translations" data-lang={lang}>
      <Stack gap={4}>
        <Text size="sm">
          {t('Translated')}: {d.translated} / {d.total}
        </Text>
        <Progress value={d.total ? (d.translated / d.total) * 100 : 0} aria-label={t('Translated')} size="sm" />
      </Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="search"
          label={t('Search labels')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
          data-testid="label-search"
        />
        <Checkbox
          label={t('Only untranslated labels')}
          checked={untranslatedOnly}
          mb={8}
          onChange={(e) => {
            set('untranslated', e.currentTarget.checked ? '1' : '');
            setPage(1);
          }}
          data-testid="untranslated-only"
        />
        <Button
          disabled={changed.length === 0}
          loading={changed.some(([k]) => saving.has(k))}
          onClick={() => save(Object.fromEntries(changed))}
        >
          {t('Save all changes')} ({changed.length})
        </Button>
      </Group>
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('Labels')}: {rows.length}
      </Text>
      <Stack gap={6}>
        {rows.length === 0 && <Text c="dimmed">{t('No records found.')}</Text>}
        {rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((row) => (
          <LabelEditor
            key={row.label}
            row={row}
            lang={lang}
            draft={drafts[row.label]}
            saving={saving.has(row.label)}
            onDraft={(v) => setDrafts((x) => ({ ...x, [row.label]: v }))}
            onSave={() => save({ [row.label]: drafts[row.label] ?? row.translation })}
          />
        ))}
      </Stack>
      <AdminPagination
        total={pages}
        value={current}
        onChange={(p) => {
          setPage(p);
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}

export default function TranslationsPanel(_: PanelProps) {
  const { t } = useTranslation();
  const { config } = useSession();
  const [params, setParams] = useSearchParams();
  const publicLangs = config?.publiclanguages ?? [];
  const lang = params.get('lang') ?? publicLangs.find((l) => l !== 'en') ?? 'es';
  const options = [...new Set([...publicLangs, lang])].map((l) => ({ value: l, label: `${LANGUAGE_NAMES[l] ?? l} (${l})` }));
  return (
    <Stack gap="md">
      <Select
        label={t('Language')}
        value={lang}
        allowDeselect={false}
        data={options}
        maw={320}
        comboboxProps={{ withinPortal: true }}
        description={t('English is the source: a translation into English replaces the built-in English text.')}
        onChange={(v) => {
          if (v) {
            const next = new URLSearchParams(params);
            next.set('lang', v);
            setParams(next, { replace: true });
          }
        }}
        data-testid="translation-lang"
      />
      <LanguageEditor key={lang} lang={lang} />
    </Stack>
  );
}
