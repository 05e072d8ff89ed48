import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import RegistrationForm from './RegistrationForm.tsx';

export default function RegisterPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('Sign Up'));
  return (
    <Stack maw={760} mx="auto" py="md" data-screen="register">
      <Title order={1}>{t('Create your account')}</Title>
      <Text c="gray.8">{t('Registration is free. Fields marked with * are required.')}</Text>
      <Paper withBorder shadow="sm" p={{ base: 'sm', sm: 'xl' }} radius="md">
        <RegistrationForm regpath={pathname} />
      </Paper>
    </Stack>
  );
}
