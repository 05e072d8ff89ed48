/**
 * A survey's responses for admins (lazy chunk): how the choices were picked, every response newest
 * first, and the CSV download (GET /app_surveys/responses/{surveyId}.csv).
 */
import { useMemo } from 'react';
import { Alert, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../domain/types.ts';
import { ApiError } from '../../../lib/api.ts';
import { isChoiceQuestion, questionLabel, surveyChoices } from '../answers.ts';
import type { SurveyResponseRecord } from '../../../../domain/replies-admin.ts';
import { responsesCsvUrl, responsesQuery } from '../api.ts';
import { tk } from '../../../lib/tk.ts';
import { responsesPage, type ResponseRow } from '../../../lib/tables-api.ts';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { languageName } from '../../../components/LanguageName.tsx';

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function ChoiceSummary({ q, i, responses }: { q: SurveyQuestion; i: number; responses: SurveyResponseRecord[] }) {
  const { t } = useTranslation();
  const answered = responses.filter((r) => r.answers[i] !== null && r.answers[i] !== undefined && r.answers[i] !== '');
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} mb={6}>
        {questionLabel(q)}
      </Text>
      <Stack gap={6}>
        {surveyChoices(q.question).map((c) => {
          const n = answered.filter((r) => r.answers[i] === c).length;
          const pct = answered.length ? Math.round((n / answered.length) * 100) : 0;
          return (
            <div key={c}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{c}</Text>
                <Text size="sm" c="dimmed">
                  {n} ({pct}%)
                </Text>
              </Group>
              <Progress value={pct} size="sm" aria-label={`${c}: ${pct}%`} />
            </div>
          );
        })}
        <Text size="xs" c="dimmed">
          {t('Answered')}: {answered.length}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Every response, one row each with its answers: sorted, filtered and paged on the server, exported as shown. */
function ResponsesTable({ surveyId, questions }: { surveyId: string; questions: SurveyQuestion[] }) {
  const { i18n } = useTranslation();
  const columns = useMemo<DataColumn<ResponseRow>[]>(
    () => [
      {
        id: 'created',
        header: tk('Submitted'),
        cell: (r) => <span style={{ whiteSpace: 'nowrap' }}>{day(r.created)}</span>,
        csv: (r) => r.created,
      },
      { id: 'lang', header: tk('Language'), cell: (r) => languageName(r.lang, i18n.language), csv: (r) => r.lang },
      { id: 'context', header: tk('Context'), cell: (r) => r.context ?? '', csv: (r) => r.context },
      ...questions.map((x, i): DataColumn<ResponseRow> => ({
        id: `q${i}`,
        header: questionLabel(x),
        rawHeader: true,
        sortable: false,
        cell: (r) => <span style={{ whiteSpace: 'pre-line' }}>{String(r.answers[i] ?? '—')}</span>,
        csv: (r) => answerText(r.answers[i]),
      })),
    ],
    [questions, i18n.language],
  );
  return (
    <DataTable<ResponseRow>
      testid="responses"
      csvName={`${surveyId}-responses`}
      columns={columns}
      rowKey={(r) => r._id}
      defaultSort="created"
      defaultDir="desc"
      queryKey={['surveys', 'responses', surveyId, 'table']}
      minWidth={Math.max(600, 200 * questions.length)}
      fetchPage={(q) => responsesPage({ ...q, surveyId })}
      filterLabel={tk('Search the answers')}
      rowProps={(r) => ({ 'data-response-id': r._id })}
    />
  );
}

const answerText = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join('; ') : String(v));

export default function SurveyResponses({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const q = useQuery(responsesQuery(surveyId));
  if (q.isPending) return <Loader role="status" aria-label={t('Loading')} />;
  if (q.isError) {
    const denied = q.error instanceof ApiError && (q.error.status === 401 || q.error.status === 403);
    return <Alert color="red">{denied ? t('Only administrators can see the responses.') : t((q.error as Error).message)}</Alert>;
  }
  const { survey, responses } = q.data;
  const questions = survey.questions ?? [];
  return (
    <Stack data-testid="survey-responses" data-survey={survey._id}>
      <Group justify="space-between" align="center">
        <div>
          <Title order={3} size="h4">
            {survey.title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="survey-response-count">
            {t('Responses')}: {responses.length}
          </Text>
        </div>
        <Button
          component="a"
          href={responsesCsvUrl(survey._id)}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="light"
          data-testid="survey-csv"
        >
          {t('Download CSV')}
        </Button>
      </Group>
      {responses.length === 0 ? (
        <Text>{t('No records found.')}</Text>
      ) : (
        <>
          {questions.some((x) => isChoiceQuestion(x.type)) && (
            <Stack gap="sm">
              {questions.map((x, i) => (isChoiceQuestion(x.type) ? <ChoiceSummary key={i} q={x} i={i} responses={responses} /> : null))}
            </Stack>
          )}
          <ResponsesTable surveyId={survey._id} questions={questions} />
          <Text size="xs" c="dimmed">
            {t('Answers are anonymous.')}
          </Text>
        </>
      )}
    </Stack>
  );
}
