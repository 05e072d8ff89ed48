/**
 * 'Copy as a new language version': choose a language the course has no version in yet; the server
 * makes the sibling course with its lessons, materials, quizzes and exam as an Inactive draft.
 */
import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH_PX } from '../../domain/constants.ts';
import type { Course } from '../../domain/types.ts';
import type { CourseCopyReply } from '../../domain/replies-learner.ts';
import { api } from '../lib/api.ts';
import { queryClient } from '../lib/query.ts';
import { addStatus } from '../lib/status.ts';
import { tk } from '../lib/tk.ts';
import { adminPath } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { languageName } from './LanguageName.tsx';
import { ApiError } from '../lib/api.ts';
import { MSG } from '../../domain/messages.ts';
import { AppModal } from './AppModal.tsx';

const errorMessage = (err: unknown) => (err instanceof ApiError && err.status !== 500 ? err.message : MSG.formError);

export const copyCourse = (id: string, lang: string) => api.post<CourseCopyReply>('/app_courses/copy', { _id: id, lang });

export function CourseCopyButton({ course, siblings }: { course: Course; siblings: Course[] }) {
  const { t, i18n } = useTranslation();
  const { config } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const main = course.main || course._id;
  const taken = new Set(siblings.filter((c) => (c.main || c._id) === main || c._id === main).map((c) => c.lang));
  const options = (config?.publiclanguages ?? [])
    .filter((l) => !taken.has(l) && l !== course.lang)
    .map((l) => ({ value: l, label: languageName(l, i18n.language) }));
  const copy = useMutation({
    mutationFn: (l: string) => copyCourse(course._id, l),
    onMutate: () => setError(null),
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ predicate: (q) => ['courses', 'siteconfig'].includes(String(q.queryKey[0])) });
      addStatus('success', tk('The copy has been made. It stays Inactive until you activate it.'));
      setOpen(false);
      navigate(adminPath('courses', res.course._id));
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const onCopy = () => {
    if (!lang) {
      setError(tk('Please choose a language.'));
      return;
    }
    copy.mutate(lang);
  };
  if (options.length === 0) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconLanguage size={14} aria-hidden />}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid="course-copy"
      >
        {t('Copy as a new language version')}
      </Button>
      <AppModal opened={open} onClose={() => setOpen(false)} title={t('Copy as a new language version')} size={MODAL_WIDTH_PX} centered>
        <Stack>
          <Text size="sm">
            {t('The copy has the same lessons, materials, quizzes and exam, to translate. It stays Inactive until you activate it.')}
          </Text>
          <Select
            label={t('Language')}
            data={options}
            value={lang}
            onChange={setLang}
            comboboxProps={{ withinPortal: true }}
            data-testid="course-copy-lang"
          />
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button loading={copy.isPending} onClick={onCopy} data-testid="course-copy-confirm">
              {t('Make the copy')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
