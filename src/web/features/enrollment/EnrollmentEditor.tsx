/**
 * Editors' change of one enrolment on another user's page (spec 4: view, editing, confirm-remove):
 * enrolled and completed dates (YYYY-MM-DD) and the description, or removal after a confirmation.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { daySchema } from '../../../domain/dates.ts';
import { fieldError, submitError, zodErrors } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { htmlToText, textToHtml } from '../../lib/data/classes.ts';
import { day, invalidateEnrollments, removeEnrollment, saveEnrollment, type EnrollmentRow } from '../../lib/data/enrollment.ts';

// Days only here (the server also takes full times): the editor shows and sends YYYY-MM-DD.
const EnrollmentDatesSchema = z.object({ regdate: daySchema(), completed: z.union([z.literal(''), daySchema()]) });
interface Values {
  regdate: string;
  completed: string;
  description: string;
}

export default function EnrollmentEditor({
  enrollment,
  mode,
  onDone,
}: {
  enrollment: EnrollmentRow;
  mode: 'edit' | 'remove';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const initialText = htmlToText(enrollment.description);
  const form = useForm<Values>({
    initialValues: { regdate: day(enrollment.regdate), completed: day(enrollment.completed), description: initialText },
    validate: (v) => zodErrors(EnrollmentDatesSchema, { regdate: v.regdate, completed: v.completed }),
  });
  const [formError, setFormError] = useState<string | null>(null);

  const fail = (err: unknown) => setFormError(submitError(err, MSG.didntWork));

  const save = useMutation({
    mutationFn: ({ regdate, completed, description }: Values) =>
      saveEnrollment({
        _id: enrollment._id,
        // Only what changed: an unchanged date keeps its time of day.
        ...(regdate !== day(enrollment.regdate) ? { regdate } : {}),
        ...(completed !== day(enrollment.completed) ? { completed } : {}),
        ...(description !== initialText ? { description: textToHtml(description) } : {}),
      }),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      invalidateEnrollments(0);
      addStatus('success', t('The enrolment has been saved.'));
      onDone();
    },
    onError: fail,
  });
  const onSubmit = form.onSubmit(
    (v) => save.mutate(v),
    () => setFormError(MSG.correctFields),
  );

  const remove = useMutation({
    mutationFn: () => removeEnrollment(enrollment._id),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      invalidateEnrollments(0);
      addStatus('success', t('The enrolment has been removed.'));
      onDone();
    },
    onError: fail,
  });
  // After a removal the buttons stay busy until onDone has closed the editor.
  const removing = remove.isPending || remove.isSuccess;

  if (mode === 'remove') {
    return (
      <Paper
        bg="red.0"
        p="sm"
        radius="sm"
        role="alertdialog"
        aria-labelledby={`remove-${enrollment._id}`}
        data-testid="enrollment-confirm-remove"
      >
        <Stack gap="xs">
          {formError && (
            <Alert color="red" role="alert">
              {t(formError)}
            </Alert>
          )}
          <Text id={`remove-${enrollment._id}`} fw={600}>
            {t('Remove this enrolment? The progress in this class will be lost.')}
          </Text>
          <Group gap="xs">
            <Button color="red" size="xs" onClick={() => remove.mutate()} loading={removing} data-testid="enrollment-remove-confirm">
              {t('Remove')}
            </Button>
            <Button variant="default" size="xs" onClick={onDone} disabled={removing}>
              {t('Cancel')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <form onSubmit={onSubmit} noValidate aria-label={t('Edit enrolment')} data-testid="enrollment-form">
        <Stack gap="xs">
          {formError && (
            <Alert color="red" role="alert">
              {t(formError)}
            </Alert>
          )}
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              placeholder="YYYY-MM-DD"
              inputMode="numeric"
              maxLength={10}
              dir="ltr"
              label={t('Enrolled')}
              {...form.getInputProps('regdate')}
              required
              error={fieldError(t, form.errors, 'regdate')}
              description={t('YYYY-MM-DD')}
              miw={160}
            />
            <TextInput
              placeholder="YYYY-MM-DD"
              inputMode="numeric"
              maxLength={10}
              dir="ltr"
              label={t('Completed')}
              {...form.getInputProps('completed')}
              error={fieldError(t, form.errors, 'completed')}
              description={t('Leave empty while not completed')}
              miw={160}
            />
          </Group>
          <Textarea label={t('Description')} {...form.getInputProps('description')} autosize minRows={2} maxRows={8} />
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" onClick={onDone} disabled={save.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" size="xs" loading={save.isPending} data-testid="enrollment-save">
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
