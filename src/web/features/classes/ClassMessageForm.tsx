/**
 * Write to a class's learners by e-mail: a subject and a text, with optional translations; each learner
 * gets the one in their language, or the text as written. Sent through the mail queue.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { messageClass } from '../../lib/data/staff.ts';

export function ClassMessageForm({ classid, ids }: { classid: string; ids?: string[] }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [lang, setLang] = useState<string | null>(null);
  const [translations, setTranslations] = useState<Record<string, { subject: string; text: string }>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tr = lang ? translations[lang] ?? { subject: '', text: '' } : null;
  const setTr = (patch: Partial<{ subject: string; text: string }>) => {
    if (!lang) return;
    setTranslations((all) => ({ ...all, [lang]: { ...(all[lang] ?? { subject: '', text: '' }), ...patch } }));
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const filled = Object.fromEntries(Object.entries(translations).filter(([, v]) => v.subject.trim() || v.text.trim()));
      const r = await messageClass({ classid, subject, text, ...(ids?.length ? { ids } : {}), ...(Object.keys(filled).length ? { translations: filled } : {}) });
      addStatus('success', t('Message sent to {{count}} learners', { count: r.count }));
      setSubject('');
      setText('');
      setTranslations({});
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="class-message-title">
      <form onSubmit={send} data-testid="class-message">
        <Stack gap="xs">
          <Title order={2} size="h4" id="class-message-title">
            {ids?.length ? t('Message the {{count}} selected learners', { count: ids.length }) : t('Message the class')}
          </Title>
          {error && <Alert color="red" role="alert">{t(error)}</Alert>}
          <TextInput label={t('Subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} required data-testid="message-subject" />
          <Textarea label={t('Message')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} required data-testid="message-text" />
          <Select label={t('Translation for learners who use')} clearable value={lang} onChange={setLang}
            data={PUBLIC_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))} comboboxProps={{ withinPortal: true }} />
          {lang && tr && (
            <>
              <TextInput label={`${t('Subject')} (${LANGUAGE_NAMES[lang] ?? lang})`} lang={lang} value={tr.subject} onChange={(e) => setTr({ subject: e.currentTarget.value })} maxLength={200} />
              <Textarea label={`${t('Message')} (${LANGUAGE_NAMES[lang] ?? lang})`} lang={lang} value={tr.text} onChange={(e) => setTr({ text: e.currentTarget.value })} autosize minRows={3} />
            </>
          )}
          <Group><Button type="submit" loading={busy} data-testid="message-send">{t('Send')}</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
}
