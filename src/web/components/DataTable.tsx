/**
 * The one table of the staff screens: sorts by a column (click its header), filters by text, pages on
 * the server with a chosen page size (src/domain/paging.ts), and exports what it shows (the filtered,
 * sorted rows of every page) as CSV with translated headers. TanStack Table keeps the column and
 * sorting model; Mantine draws it. The server does the sorting and paging, so a table of 100,000 rows
 * costs what a page does.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Pagination, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDownload, IconSelector } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Page, type PageQuery } from '../../domain/paging.ts';
import { toCsv } from '../lib/csv.ts';
import { ApiError } from '../lib/api.ts';
import { MSG } from '../../domain/messages.ts';
import { SelectAllCheckbox, SelectCheckbox, type RowSelection } from './BulkActionBar.tsx';

export interface DataColumn<T> {
  /** The sort name the server knows (and the column's key). */
  id: string;
  /** English header, translated on screen and in the CSV. */
  header: string;
  /** The header is content (a survey's question), shown as written. */
  rawHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** The column's text in the CSV; a column without it is left out of the file (actions, links). */
  csv?: (row: T) => string | number | null | undefined;
  /** Default true: the server sorts by `id`. */
  sortable?: boolean;
  /** Figures line up at the end of the cell. */
  numeric?: boolean;
}

export interface DataTableProps<T extends RowData> {
  columns: DataColumn<T>[];
  /** Query key prefix; the table adds its paging, sort and filter. */
  queryKey: readonly unknown[];
  fetchPage: (q: PageQuery) => Promise<Page<T>>;
  rowKey: (row: T) => string;
  defaultSort?: string;
  defaultDir?: 'asc' | 'desc';
  pageSize?: number;
  /** Label of the text filter; none: no text filter. */
  filterLabel?: string | null;
  /** More filters beside the text filter (selects owned by the screen, part of `queryKey`). */
  toolbar?: ReactNode;
  /** File name of the export, without .csv. */
  csvName: string;
  testid?: string;
  minWidth?: number;
  caption?: string;
  rowProps?: (row: T) => Record<string, string | undefined>;
  /** Rows can be ticked for bulk actions: a checkbox column, and `bulk` shown above the table. */
  selection?: RowSelection;
  /** The filter text the table opens with (a link may carry a search, e.g. ?q=). */
  initialFilter?: string;
  /** The id a ticked row stands for (default: its key) and the name its checkbox reads out. */
  selectId?: (row: T) => string;
  selectLabel?: (row: T) => string;
  bulk?: (info: { total: number; q?: string }) => ReactNode;
}

/** Rows an export collects at most (a hundred pages of the largest size). */
const EXPORT_MAX_ROWS = 10_000;
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const messageOf = (err: unknown) => (err instanceof ApiError && err.status !== 500 ? err.message : MSG.formError);

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, queryKey, fetchPage, rowKey, csvName, testid, selection } = props;
  const selectId = props.selectId ?? rowKey;
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>(
    props.defaultSort ? [{ id: props.defaultSort, desc: props.defaultDir === 'desc' }] : [],
  );
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: props.pageSize ?? 25 });
  const [text, setText] = useState(props.initialFilter ?? '');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [exportError, setExportError] = useState<string | null>(null);

  const sort = sorting[0];
  const query: PageQuery = {
    limit: pagination.pageSize,
    page: pagination.pageIndex,
    dir: sort?.desc ? 'desc' : 'asc',
    ...(sort ? { sort: sort.id } : {}),
    ...(q ? { q } : {}),
  };
  const result = useQuery({
    queryKey: [...queryKey, 'page', query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const data = result.data;

  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (row: T) => row as unknown,
        header: c.header,
        cell: (info) => c.cell(info.row.original),
        enableSorting: c.sortable !== false,
        // Cells are whole rows to TanStack, which would then start every sort descending: text reads A to Z
        // first, figures largest first.
        sortDescFirst: c.numeric === true,
      })),
    [columns],
  );

  const table = useTable<typeof features, T>({
    features,
    columns: defs,
    data: data?.rows ?? [],
    getRowId: (row: T) => rowKey(row),
    state: { sorting, pagination },
    onSortingChange: (u) => {
      setSorting(u);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    rowCount: data?.total ?? 0,
  });

  const exportRows = useMutation({
    mutationFn: async () => {
      const rows: T[] = [];
      let after: string | undefined;
      do {
        const page = await fetchPage({ ...query, limit: 100, page: 0, ...(after ? { after } : {}) });
        rows.push(...page.rows);
        after = page.next ?? undefined;
      } while (after && rows.length < EXPORT_MAX_ROWS);
      const shown = columns.filter((c) => c.csv);
      download(
        csvName,
        toCsv(
          shown.map((c) => (c.rawHeader ? c.header : t(c.header))),
          rows.map((r) => shown.map((c) => c.csv!(r))),
        ),
      );
    },
    onMutate: () => setExportError(null),
    onError: (err) => setExportError(messageOf(err)),
  });

  const pages = Math.max(1, table.getPageCount());
  const pageLabels = { previous: t('Previous page'), next: t('Next page'), first: t('First page'), last: t('Last page') };
  return (
    <Stack gap="sm" data-testid={testid}>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {props.filterLabel !== null && (
          <TextInput
            label={t(props.filterLabel ?? 'Filter')}
            value={text}
            type="search"
            style={{ flex: '1 1 220px' }}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setPagination((p) => ({ ...p, pageIndex: 0 }));
            }}
            data-testid={testid ? `${testid}-filter` : undefined}
          />
        )}
        {props.toolbar}
        <Select
          label={t('Rows per page')}
          value={String(pagination.pageSize)}
          allowDeselect={false}
          w={120}
          data={PAGE_SIZES.map((n) => String(n))}
          onChange={(v) => v && setPagination({ pageIndex: 0, pageSize: Number(v) })}
          comboboxProps={{ withinPortal: true }}
          data-testid={testid ? `${testid}-size` : undefined}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={exportRows.isPending}
          onClick={() => exportRows.mutate()}
          disabled={!data || data.total === 0}
          data-testid={testid ? `${testid}-csv` : undefined}
        >
          {t('Export CSV')}
        </Button>
      </Group>
      {exportError && (
        <Text c="red.8" role="alert">
          {t(exportError)}
        </Text>
      )}
      {props.bulk?.({ total: data?.total ?? 0, ...(q ? { q } : {}) })}
      <Text size="sm" c="gray.7" aria-live="polite" data-testid={testid ? `${testid}-total` : undefined}>
        {t('Rows')}: {data ? data.total : '…'}
      </Text>
      {result.isError ? (
        <Text c="red.8" role="alert">
          {t(messageOf(result.error))}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 640} type="native">
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing="xs"
            data-testid={testid ? `${testid}-table` : undefined}
            aria-busy={result.isFetching}
          >
            {props.caption && <Table.Caption>{t(props.caption)}</Table.Caption>}
            <Table.Thead>
              {table.getHeaderGroups().map((hg) => (
                <Table.Tr key={hg.id}>
                  {selection && (
                    <Table.Th style={{ width: 40 }}>
                      <SelectAllCheckbox selection={selection} pageIds={(data?.rows ?? []).map(selectId)} />
                    </Table.Th>
                  )}
                  {hg.headers.map((h) => {
                    const sorted = h.column.getIsSorted();
                    const col = columns.find((c) => c.id === h.column.id);
                    const label = !col ? h.column.id : col.rawHeader ? col.header : t(col.header);
                    return (
                      <Table.Th
                        key={h.id}
                        ta={col?.numeric ? 'end' : undefined}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : h.column.getCanSort() ? 'none' : undefined
                        }
                      >
                        {h.column.getCanSort() ? (
                          <UnstyledButton
                            onClick={h.column.getToggleSortingHandler()}
                            data-sort={h.column.id}
                            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                          >
                            {label}
                            {sorted === 'asc' ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : sorted === 'desc' ? (
                              <IconArrowDown size={14} aria-hidden />
                            ) : (
                              <IconSelector size={14} aria-hidden />
                            )}
                          </UnstyledButton>
                        ) : (
                          label
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {data && data.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                    <Text c="dimmed">{t('No records found.')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id} {...(props.rowProps?.(row.original) ?? {})}>
                  {selection && (
                    <Table.Td>
                      <SelectCheckbox
                        selection={selection}
                        id={selectId(row.original)}
                        label={props.selectLabel?.(row.original) ?? selectId(row.original)}
                      />
                    </Table.Td>
                  )}
                  {row.getAllCells().map((cell) => {
                    const col = columns.find((c) => c.id === cell.column.id)!;
                    return (
                      <Table.Td key={cell.id} ta={col.numeric ? 'end' : undefined}>
                        {col.cell(row.original)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={pagination.pageIndex + 1}
          onChange={(p) => setPagination((s) => ({ ...s, pageIndex: p - 1 }))}
          getControlProps={(control) => ({ 'aria-label': pageLabels[control] })}
          getItemProps={(p) => ({ 'aria-label': `${t('Page')} ${p}` })}
          data-testid={testid ? `${testid}-pages` : undefined}
        />
      )}
    </Stack>
  );
}
