/** Small pieces the admin panels share: panel frame, confirmation, CSV links, error text, dates. */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Pagination, Skeleton, Stack, Table, Text, Title, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH_PX } from '../../domain/constants.ts';
import { MSG } from '../../domain/messages.ts';
import { ApiError } from '../lib/api.ts';
import { AppModal } from './AppModal.tsx';

/** YYYY-MM-DD of an ISO time (spec: dates are shown as YYYY-MM-DD). */
export const day = (iso?: string | null) => (iso ? String(iso).slice(0, 10) : '');
/** YYYY-MM-DD HH:MM of an ISO time, in UTC as stored. */
export const dayTime = (iso?: string | null) => (iso ? `${String(iso).slice(0, 10)} ${String(iso).slice(11, 16)}` : '');

/** The English message of a failed call: the server's own (4xx), else the generic form error. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 600 && err.status !== 500) return err.message;
  return MSG.formError;
}

/** The field errors of a failed call (`{ field: message }`), empty for other failures. */
export const fieldErrors = (err: unknown): Record<string, string> => (err instanceof ApiError ? err.fields : {});

/** A panel's body: an optional heading (panels below the page title use h2) with actions beside it. */
export function PanelFrame({
  title,
  actions,
  children,
  testid,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  testid?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid={testid}>
      {(title || actions) && (
        <Group justify={title ? 'space-between' : 'flex-end'} align="flex-end" wrap="wrap" gap="sm">
          {title && (
            <Title order={2} size="h3">
              {t(title)}
            </Title>
          )}
          {actions && (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
      )}
      {children}
    </Stack>
  );
}

export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      {t(errorMessage(error))}
    </Alert>
  );
}

export const TableSkeleton = () => <Skeleton h={240} radius="md" />;

/** A table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function ScrollTable({
  children,
  minWidth = 640,
  caption,
  testid,
}: {
  children: ReactNode;
  minWidth?: number;
  caption?: string;
  testid?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className="admin-scroll">
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" data-testid={testid}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A plain link that downloads a CSV file (the server answers with content-disposition: attachment). */
export function CsvLink({
  href,
  label,
  testid,
  size = 'xs',
}: {
  href: string;
  label?: string;
  testid?: string;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={href}
      download
      variant="light"
      size={size}
      leftSection={<IconDownload size={14} aria-hidden />}
      data-testid={testid}
    >
      {t(label ?? 'Download CSV')}
    </Button>
  );
}

/**
 * A button that asks first (spec: remove with confirmation). `onConfirm` may throw: its message is
 * shown in the dialog and the dialog stays open.
 */
export function ConfirmButton({
  label,
  title,
  message,
  confirmLabel,
  onConfirm,
  testid,
  buttonProps,
}: {
  label: string;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => Promise<unknown>;
  testid?: string;
  buttonProps?: ButtonProps;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: onConfirm,
    onMutate: () => setError(null),
    onSuccess: () => setOpen(false),
    onError: (err) => setError(errorMessage(err)),
  });
  return (
    <>
      <Button
        color="red"
        variant="light"
        size="xs"
        {...buttonProps}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid={testid}
      >
        {t(label)}
      </Button>
      <AppModal opened={open} onClose={() => setOpen(false)} title={t(title)} size={MODAL_WIDTH_PX} centered>
        <Stack>
          {typeof message === 'string' ? <Text>{message}</Text> : message}
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button
              color="red"
              loading={confirm.isPending}
              onClick={() => confirm.mutate()}
              data-testid={testid ? `${testid}-confirm` : undefined}
            >
              {t(confirmLabel ?? 'Remove')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}

/** Label and value pairs, as the profile panel shows them. */
export function FieldList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value === '' || value === undefined || value === null ? (
              <Text span c="dimmed">
                —
              </Text>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const fullName = (u: { firstname?: string; lastname?: string; email?: string }) =>
  [u.firstname, u.lastname].filter(Boolean).join(' ') || u.email || '';

/** Page numbers with labelled controls (screen readers hear "Next page", "Page 3"). */
export function AdminPagination({
  total,
  value,
  onChange,
  testid,
}: {
  total: number;
  value: number;
  onChange: (p: number) => void;
  testid?: string;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  const labels = { previous: t('Previous page'), next: t('Next page'), first: t('First page'), last: t('Last page') };
  return (
    <Pagination
      total={total}
      value={Math.min(value, total)}
      onChange={onChange}
      data-testid={testid}
      getControlProps={(control) => ({ 'aria-label': labels[control] })}
      getItemProps={(p) => ({ 'aria-label': `${t('Page')} ${p}` })}
    />
  );
}
