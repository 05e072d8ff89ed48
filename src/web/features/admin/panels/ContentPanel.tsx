/**
 * Content: the site's pages and blocks by type and language, each linked to its editor
 * (/admin/content/{id}) and to the page it belongs to.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../domain/constants.ts';
import { useSession } from '../../../lib/session.ts';
import type { PanelProps } from '../panel-props.ts';
import { contentListQuery } from '../api.ts';
import { LoadError, ScrollTable, TableSkeleton, day, AdminPagination } from '../../../components/panel-parts.tsx';
import { adminPath, contentPagePath } from '../../../lib/paths.ts';

const PAGE_SIZE = 30;

export default function ContentPanel(_: PanelProps) {
  const { t } = useTranslation();
  const { config } = useSession();
  const [type, setType] = useState('page');
  const [lang, setLang] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery(contentListQuery({ ...(type ? { type } : {}), ...(lang ? { lang } : {}) }));
  const needle = search.trim().toLowerCase();
  const list = (q.data ?? [])
    .filter((c) => !needle || [c.title, c.context, c._id, c.subtype].some((v) => (v ?? '').toLowerCase().includes(needle)))
    .sort((a, b) => a.context.localeCompare(b.context) || (a.order ?? 0) - (b.order ?? 0) || a._id.localeCompare(b._id));
  const pages = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Text size="sm" fw={500} id="content-type-label" mb={4}>
            {t('Type')}
          </Text>
          <SegmentedControl
            aria-labelledby="content-type-label"
            value={type}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
            data={[
              { value: 'page', label: t('Pages') },
              { value: 'block', label: t('Blocks') },
              { value: '', label: t('All') },
            ]}
          />
        </div>
        <Select
          label={t('Language')}
          placeholder={t('All')}
          clearable
          value={lang}
          onChange={(v) => {
            setLang(v);
            setPage(1);
          }}
          w={180}
          data={(config?.publiclanguages ?? []).map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          type="search"
          label={t('Search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 200px' }}
        />
        <Button component={Link} to="/admin/content/new" variant="light">
          {t('New content')}
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        {t('Records')}: {q.data ? list.length : '…'}
      </Text>
      {q.isError ? (
        <LoadError error={q.error} />
      ) : !q.data ? (
        <TableSkeleton />
      ) : (
        <ScrollTable minWidth={760} testid="content-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Title')}</Table.Th>
              <Table.Th>{t('Type')}</Table.Th>
              <Table.Th>{t('Page')}</Table.Th>
              <Table.Th>{t('Language')}</Table.Th>
              <Table.Th>{t('Order')}</Table.Th>
              <Table.Th>{t('Updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed">{t('No records found.')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((c) => (
              <Table.Tr key={c._id}>
                <Table.Td>
                  <Anchor component={Link} to={adminPath('content', c._id)}>
                    {c.title || c._id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge size="sm" variant="light">
                      {c.type}
                    </Badge>
                    {c.subtype && (
                      <Badge size="sm" variant="outline">
                        {c.subtype}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={contentPagePath(c.context)} size="sm">
                    /{c.context}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.lang}</Table.Td>
                <Table.Td>{c.order}</Table.Td>
                <Table.Td>{day(c.timestamp)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <AdminPagination total={pages} value={current} onChange={setPage} />
    </Stack>
  );
}
