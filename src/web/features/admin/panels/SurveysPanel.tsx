/**
 * Surveys and responses: every survey with its number of responses; one survey's responses
 * as a table (question prompts as columns) and as CSV.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { surveyPrompt } from '../../../../domain/validation.ts';
import type { PanelProps } from '../panel-props.ts';
import { reportCsvUrl, reportQuery, surveyResponsesCsvUrl, surveyResponsesQuery, surveysQuery } from '../api.ts';
import { CsvLink, LoadError, PanelFrame, ScrollTable, TableSkeleton, dayTime } from '../../../components/panel-parts.tsx';
import { adminPath } from '../../../lib/paths.ts';

/**
 * The surveys feature's own responses view (choice summaries, table, CSV), when it is there
 * (src/web/features/surveys/index.ts exports `SurveyResponses`); else the plain table below.
 */
type ResponsesView = ComponentType<{ surveyId: string }>;
const surveysModule = Object.values(import.meta.glob('../../surveys/index.ts'))[0] as (() => Promise<Record<string, unknown>>) | undefined;
const ProvidedResponses = surveysModule
  ? lazy(async () => {
      const m = await surveysModule();
      return { default: (typeof m.SurveyResponses === 'function' ? m.SurveyResponses : SurveyResponses) as ResponsesView };
    })
  : null;

function SurveyList() {
  const { t } = useTranslation();
  const surveys = useQuery(surveysQuery());
  const counts = useQuery(reportQuery('surveys', {}));
  const byId = new Map((counts.data?.rows ?? []).map((r) => [String(r.survey), r]));
  if (surveys.isError) return <LoadError error={surveys.error} />;
  if (!surveys.data) return <TableSkeleton />;
  return (
    <PanelFrame actions={<CsvLink href={reportCsvUrl('surveys')} label={t('Responses per survey (CSV)')} />}>
      <ScrollTable minWidth={680} testid="surveys-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Survey')}</Table.Th>
            <Table.Th>{t('Language')}</Table.Th>
            <Table.Th>{t('Status')}</Table.Th>
            <Table.Th>{t('Questions')}</Table.Th>
            <Table.Th>{t('Responses')}</Table.Th>
            <Table.Th>{t('Last response')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {surveys.data.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">{t('No records found.')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {surveys.data.map((s) => {
            const r = byId.get(s._id);
            return (
              <Table.Tr key={s._id}>
                <Table.Td>
                  <Anchor component={Link} to={adminPath('surveys', s._id)}>
                    {s.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.lang}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={s.status === 'Active' ? 700 : 400}>
                    {s.status === 'Active' ? t('Active') : s.status === 'Inactive' ? t('Inactive') : s.status || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{s.questions.length}</Table.Td>
                <Table.Td>{r ? r.responses : '…'}</Table.Td>
                <Table.Td>{r?.lastresponse ?? ''}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </ScrollTable>
    </PanelFrame>
  );
}

function SurveyResponses({ surveyId: id }: { surveyId: string }) {
  const { t } = useTranslation();
  const q = useQuery(surveyResponsesQuery(id));
  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  const { survey, responses } = q.data;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/admin/surveys" size="sm">
        {t('All surveys')}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{survey.title}</Title>
        <CsvLink href={surveyResponsesCsvUrl(id)} testid="survey-csv" />
      </Group>
      <Text size="sm" c="gray.7">
        {t('Responses')}: {responses.length}
      </Text>
      {responses.length === 0 ? (
        <Text c="dimmed">{t('No records found.')}</Text>
      ) : (
        <ScrollTable minWidth={Math.max(600, 200 * survey.questions.length)} testid="responses-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Submitted')}</Table.Th>
              {survey.questions.map((qn, i) => (
                <Table.Th key={i}>{surveyPrompt(qn.question)}</Table.Th>
              ))}
              <Table.Th>{t('Language')}</Table.Th>
              <Table.Th>{t('Context')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {responses.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayTime(r.created)}</Table.Td>
                {survey.questions.map((_, i) => (
                  <Table.Td key={i} style={{ whiteSpace: 'pre-wrap' }}>
                    {r.answers[i] ?? ''}
                  </Table.Td>
                ))}
                <Table.Td>{r.lang}</Table.Td>
                <Table.Td>{[r.context, r.contextid].filter(Boolean).join(' / ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Stack>
  );
}

function SurveyDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  if (!ProvidedResponses) return <SurveyResponses surveyId={id} />;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/admin/surveys" size="sm">
        {t('All surveys')}
      </Anchor>
      <Suspense fallback={<TableSkeleton />}>
        <ProvidedResponses surveyId={id} />
      </Suspense>
    </Stack>
  );
}

export default function SurveysPanel({ rest }: PanelProps) {
  const [id] = rest;
  return id ? <SurveyDetail id={id} /> : <SurveyList />;
}
