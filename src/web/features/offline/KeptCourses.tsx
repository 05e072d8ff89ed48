/** The account's list of courses kept on this device, each with its size and Remove. */
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { coursePath } from '../../lib/paths.ts';
import { canKeep, formatBytes, keptCourses, removeKept } from './keep.ts';
import { keptKey } from './KeepCourse.tsx';

export function KeptCourses() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const kept = useQuery({ queryKey: keptKey(), queryFn: keptCourses, enabled: canKeep() });
  if (!canKeep()) return null;
  const rows = kept.data ?? [];
  const total = rows.reduce((a, k) => a + k.bytes, 0);
  return (
    <Paper withBorder p="md" radius="md" data-testid="kept-courses">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('Courses kept on this device')}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('No course is kept on this device. Open a course and choose "Keep this course on this device" to read it offline.')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Course')}</Table.Th>
                <Table.Th>{t('Size')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('Remove')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((k) => (
                <Table.Tr key={k.course} data-testid="kept-row" data-course={k.course}>
                  <Table.Td>
                    <Link to={coursePath(k.course)}>{k.title}</Link>
                  </Table.Td>
                  <Table.Td>{formatBytes(k.bytes, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      aria-label={`${t('Remove')}: ${k.title}`}
                      onClick={async () => {
                        await removeKept(k.course);
                        await qc.invalidateQueries({ queryKey: keptKey() });
                      }}
                    >
                      {t('Remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rows.length > 0 && (
          <Text size="sm" c="gray.7">
            {t('Together: {{size}}', { size: formatBytes(total, i18n.language) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
