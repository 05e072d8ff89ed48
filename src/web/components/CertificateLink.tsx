/** The certificate link: a server route answering a PDF, opened in a new tab (spec 2, route table). */
import { Anchor, Button } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { certificatePath } from '../lib/paths.ts';

export function CertificateLink({ courseId, label, button }: { courseId: string; label?: string; button?: boolean }) {
  const { t } = useTranslation();
  const text = label ?? t('Open your certificate');
  if (button) {
    return (
      <Button
        component="a"
        href={certificatePath(courseId)}
        target="_blank"
        rel="noopener"
        variant="light"
        size="xs"
        leftSection={<IconCertificate size={16} aria-hidden />}
        data-testid="certificate-link"
      >
        {text}
      </Button>
    );
  }
  return (
    <Anchor href={certificatePath(courseId)} target="_blank" rel="noopener" data-testid="certificate-link">
      {text}
    </Anchor>
  );
}
