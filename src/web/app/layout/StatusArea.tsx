import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { removeStatus, useStatusMessages, type StatusType } from '../../lib/status.ts';

const LOOK: Record<StatusType, { color: string; icon: typeof IconInfoCircle }> = {
  success: { color: 'green', icon: IconCircleCheck },
  info: { color: 'brand', icon: IconInfoCircle },
  warning: { color: 'orange', icon: IconAlertTriangle },
  error: { color: 'red', icon: IconAlertCircle },
};

/** The status alert area: messages arrive in English and are shown translated. */
export function StatusArea() {
  const { t } = useTranslation();
  const messages = useStatusMessages();
  return (
    <Stack gap="xs" className="status-area" aria-live="polite" data-testid="status-area">
      {messages.map((m) => {
        const { color, icon: Icon } = LOOK[m.type];
        return (
          <Alert
            key={m.id}
            color={color}
            variant="light"
            icon={<Icon size={20} aria-hidden />}
            withCloseButton
            closeButtonLabel={t('Close')}
            onClose={() => removeStatus(m.id)}
            role={m.type === 'error' ? 'alert' : 'status'}
            data-status-type={m.type}
          >
            {t(m.message)}
          </Alert>
        );
      })}
    </Stack>
  );
}
