/**
 * Write to a class's learners by e-mail: a subject and a text, with optional translations; each learner
 * gets the one in their language, or the text as written. Sent through the mail queue.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { MessageSchema } from '../../../domain/staff.ts';
import { ApiError } from '../../lib/api.ts';
import { zodErrors } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { messageClass } from '../../lib/data/staff.ts';

type Translation = { subject: string; text: string };
interface Values {
  subject: string;
  text: string;
  translations: Record<string, Translation>;
}
const EMPTY: Values = { subject: '', text: '', translations: {} };

export function ClassMessageForm({ classid, ids }: { classid: string; ids?: string[] }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Only the subject and text are checked: a translation left empty is simply not sent.
  const form = useForm<Values>({ initialValues: EMPTY, validate: (v) => zodErrors(MessageSchema, { subject: v.subject, text: v.text }) });
  const { translations } = form.getValues();
  const tr = lang ? (translations[lang] ?? { subject: '', text: '' }) : null;
  const setTr = (patch: Partial<Translation>) => {
    if (!lang) return;
    form.setFieldValue('translations', { ...translations, [lang]: { ...(translations[lang] ?? { subject: '', text: '' }), ...patch } });
  };
  const send = useMutation({
    mutationFn: (v: Values) => {
      const filled = Object.fromEntries(Object.entries(v.translations).filter(([, x]) => x.subject.trim() || x.text.trim()));
      return messageClass({
        classid,
        subject: v.subject,
        text: v.text,
        ...(ids?.length ? { ids } : {}),
        ...(Object.keys(filled).length ? { translations: filled } : {}),
      });
    },
    onMutate: () => setError(null),
    onSuccess: (r) => {
      addStatus('success', t('Message sent to {{count}} learners', { count: r.count }));
      form.setValues(EMPTY);
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
  });
  // A refused subject or text is said above the form, where the server's refusal of the same would be.
  const onSubmit = form.onSubmit(
    (v) => send.mutate(v),
    (errs) => setError(String(Object.values(errs)[0])),
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="class-message-title">
      <form onSubmit={onSubmit} data-testid="class-message">
        <Stack gap="xs">
          <Title order={2} size="h4" id="class-message-title">
            {ids?.length ? t('Message the {{count}} selected learners', { count: ids.length }) : t('Message the class')}
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <TextInput
            label={t('Subject')}
            {...form.getInputProps('subject', { withError: false })}
            maxLength={200}
            required
            data-testid="message-subject"
          />
          <Textarea
            label={t('Message')}
            {...form.getInputProps('text', { withError: false })}
            autosize
            minRows={3}
            required
            data-testid="message-text"
          />
          <Select
            label={t('Translation for learners who use')}
            clearable
            value={lang}
            onChange={setLang}
            data={PUBLIC_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
            comboboxProps={{ withinPortal: true }}
          />
          {lang && tr && (
            <>
              <TextInput
                label={`${t('Subject')} (${LANGUAGE_NAMES[lang] ?? lang})`}
                lang={lang}
                value={tr.subject}
                onChange={(e) => setTr({ subject: e.currentTarget.value })}
                maxLength={200}
              />
              <Textarea
                label={`${t('Message')} (${LANGUAGE_NAMES[lang] ?? lang})`}
                lang={lang}
                value={tr.text}
                onChange={(e) => setTr({ text: e.currentTarget.value })}
                autosize
                minRows={3}
              />
            </>
          )}
          <Group>
            <Button type="submit" loading={send.isPending} data-testid="message-send">
              {t('Send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
