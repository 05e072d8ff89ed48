/** Editors for the site config's maps: key -> value rows (language -> address), and main course -> language -> course. */
import { useState } from 'react';
import { ActionIcon, Autocomplete, Button, Group, Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Rows = [string, string][];
const toRecord = (rows: Rows) => Object.fromEntries(rows.filter(([k]) => k.trim() !== '').map(([k, v]) => [k.trim(), v]));

/** Rows of key and value; rows whose key is empty are kept while typing but not sent. */
export function MapEditor({
  label,
  description,
  value,
  onChange,
  keyLabel,
  valueLabel,
  error,
  valueOptions,
  testid,
}: {
  label: string;
  description?: string;
  value: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  keyLabel: string;
  valueLabel: string;
  error?: string;
  valueOptions?: string[];
  testid?: string;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Rows>(() => Object.entries(value ?? {}));
  const update = (next: Rows) => {
    setRows(next);
    onChange(toRecord(next));
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid={testid}>
      <Stack gap={6} mt={4}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('None')}
          </Text>
        )}
        {rows.map(([k, v], i) => (
          <Group key={i} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              dir="ltr"
              aria-label={`${keyLabel} ${i + 1}`}
              placeholder={keyLabel}
              value={k}
              w={90}
              style={{ flex: '0 0 auto' }}
              onChange={(e) => update(rows.map((r, j) => (j === i ? [e.currentTarget.value, r[1]] : r)))}
            />
            {valueOptions ? (
              <Autocomplete
                dir="ltr"
                aria-label={`${valueLabel} ${i + 1}`}
                placeholder={valueLabel}
                value={v}
                data={valueOptions}
                style={{ flex: 1, minWidth: 0 }}
                onChange={(x) => update(rows.map((r, j) => (j === i ? [r[0], x] : r)))}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <TextInput
                dir="ltr"
                aria-label={`${valueLabel} ${i + 1}`}
                placeholder={valueLabel}
                value={v}
                style={{ flex: 1, minWidth: 0 }}
                onChange={(e) => update(rows.map((r, j) => (j === i ? [r[0], e.currentTarget.value] : r)))}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${t('Remove')} ${k}`}
              onClick={() => update(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setRows([...rows, ['', '']])}
        >
          {t('Add a row')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

type Nested = Record<string, Record<string, string>>;

/** Main course id -> (language -> the course of that language). */
export function MainCoursesEditor({
  value,
  onChange,
  error,
  courseIds,
  label,
  description,
}: {
  value: Nested;
  onChange: (v: Nested) => void;
  error?: string;
  courseIds: string[];
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<[string, Record<string, string>][]>(() => Object.entries(value ?? {}));
  const [versions, setVersions] = useState<number[]>(() => rows.map((_, i) => i));
  const update = (next: [string, Record<string, string>][]) => {
    setRows(next);
    onChange(Object.fromEntries(next.filter(([k]) => k.trim() !== '').map(([k, v]) => [k.trim(), v])));
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid="maincourses">
      <Stack gap="xs" mt={4}>
        {rows.map(([main, langs], i) => (
          <Paper key={versions[i]} withBorder p="xs" radius="sm">
            <Stack gap={6}>
              <Group gap={6} wrap="nowrap" align="flex-end">
                <Autocomplete
                  dir="ltr"
                  label={t('Main course')}
                  value={main}
                  data={courseIds}
                  style={{ flex: 1, minWidth: 0 }}
                  comboboxProps={{ withinPortal: true }}
                  onChange={(x) => update(rows.map((r, j) => (j === i ? [x, r[1]] : r)))}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`${t('Remove')} ${main}`}
                  onClick={() => {
                    update(rows.filter((_, j) => j !== i));
                    setVersions(versions.filter((_, j) => j !== i));
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <MapEditor
                label={t('Course per language')}
                keyLabel={t('Language')}
                valueLabel={t('Course')}
                value={langs}
                valueOptions={courseIds}
                onChange={(m) => update(rows.map((r, j) => (j === i ? [r[0], m] : r)))}
              />
            </Stack>
          </Paper>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => {
            setRows([...rows, ['', {}]]);
            setVersions([...versions, Math.max(-1, ...versions) + 1]);
          }}
        >
          {t('Add a main course')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
