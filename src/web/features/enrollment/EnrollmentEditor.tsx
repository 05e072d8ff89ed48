/**
 * Editors' change of one enrolment on another user's page (spec 4: view, editing, confirm-remove):
 * enrolled and completed dates (YYYY-MM-DD) and the description, or removal after a confirmation.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { dayOnlyError } from '../../../domain/dates.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { htmlToText, textToHtml } from '../../lib/data/classes.ts';
import { day, invalidateEnrollments, removeEnrollment, saveEnrollment, type EnrollmentRow } from '../../lib/data/enrollment.ts';


export default function EnrollmentEditor({ enrollment, mode, onDone }: { enrollment: EnrollmentRow; mode: 'edit' | 'remove'; onDone: () => void }) {
  const { t } = useTranslation();
  const [regdate, setRegdate] = useState(day(enrollment.regdate));
  const [completed, setCompleted] = useState(day(enrollment.completed));
  const initialText = htmlToText(enrollment.description);
  const [description, setDescription] = useState(initialText);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown) => setFormError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.didntWork);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const regdateError = dayOnlyError(regdate);
    const completedError = completed && dayOnlyError(completed);
    if (regdateError) errs.regdate = regdateError;
    if (completedError) errs.completed = completedError;
    setErrors(errs);
    if (Object.keys(errs).length) { setFormError(MSG.correctFields); return; }
    setBusy(true);
    setFormError(null);
    try {
      await saveEnrollment({
        _id: enrollment._id,
        // Only what changed: an unchanged date keeps its time of day.
        ...(regdate !== day(enrollment.regdate) ? { regdate } : {}),
        ...(completed !== day(enrollment.completed) ? { completed } : {}),
        ...(description !== initialText ? { description: textToHtml(description) } : {}),
      });
      invalidateEnrollments(0);
      addStatus('success', t('The enrolment has been saved.'));
      onDone();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setFormError(null);
    try {
      await removeEnrollment(enrollment._id);
      invalidateEnrollments(0);
      addStatus('success', t('The enrolment has been removed.'));
      onDone();
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  if (mode === 'remove') {
    return (
      <Paper bg="red.0" p="sm" radius="sm" role="alertdialog" aria-labelledby={`remove-${enrollment._id}`} data-testid="enrollment-confirm-remove">
        <Stack gap="xs">
          {formError && <Alert color="red" role="alert">{t(formError)}</Alert>}
          <Text id={`remove-${enrollment._id}`} fw={600}>{t('Remove this enrolment? The progress in this class will be lost.')}</Text>
          <Group gap="xs">
            <Button color="red" size="xs" onClick={remove} loading={busy} data-testid="enrollment-remove-confirm">{t('Remove')}</Button>
            <Button variant="default" size="xs" onClick={onDone} disabled={busy}>{t('Cancel')}</Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <form onSubmit={save} noValidate aria-label={t('Edit enrolment')} data-testid="enrollment-form">
        <Stack gap="xs">
          {formError && <Alert color="red" role="alert">{t(formError)}</Alert>}
          <Group grow wrap="wrap" align="flex-start">
            <TextInput placeholder="YYYY-MM-DD" inputMode="numeric" maxLength={10} dir="ltr" label={t('Enrolled')} value={regdate} onChange={(e) => { setRegdate(e.currentTarget.value); setErrors((x) => ({ ...x, regdate: '' })); }} required
              error={errors.regdate ? t(errors.regdate) : undefined} description={t('YYYY-MM-DD')} miw={160} />
            <TextInput placeholder="YYYY-MM-DD" inputMode="numeric" maxLength={10} dir="ltr" label={t('Completed')} value={completed} onChange={(e) => { setCompleted(e.currentTarget.value); setErrors((x) => ({ ...x, completed: '' })); }}
              error={errors.completed ? t(errors.completed) : undefined} description={t('Leave empty while not completed')} miw={160} />
          </Group>
          <Textarea label={t('Description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxRows={8} />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={onDone} disabled={busy}>{t('Cancel')}</Button>
            <Button type="submit" size="xs" loading={busy} data-testid="enrollment-save">{t('Save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
