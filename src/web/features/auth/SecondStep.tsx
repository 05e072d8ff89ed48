/**
 * The second sign-in step on the login screen: a code from the authenticator app (or a recovery
 * code); or, for an admin whose site requires two-factor sign-in and who has none yet, its setup.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { errorMessage } from '../../components/panel-parts.tsx';
import { verifySecondStep } from '../../lib/data/sessions.ts';
import { addStatus } from '../../lib/status.ts';
import { TwoFactorSetup } from '../../components/TwoFactorSetup.tsx';

export function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (user: User) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) { setError(MSG.twoFactorCodeRequired); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await verifySecondStep(code.trim());
      // Signing in cancelled a pending account deletion: say so, as the one-step sign-in does.
      if (r.info?.message) addStatus('info', r.info.message, 15_000);
      onSignedIn(r.user);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="twofactor-step">
      <Stack>
        {error && <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="login-error">{t(error)}</Alert>}
        <Text>{t('Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.')}</Text>
        <TextInput label={t('Code')} name="code" autoComplete="one-time-code" required dir="ltr" data-autofocus autoFocus
          value={code} onChange={(e) => setCode(e.currentTarget.value)} data-testid="login-code" />
        <Group justify="space-between" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>{t('Start again')}</Anchor>
          <Button type="submit" loading={busy} data-testid="login-code-submit">{t('Verify')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SetupStep({ onEnabled }: { onEnabled: (r: { recoverycodes: string[]; user?: User; info?: { message: string } }) => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow">{t('This site requires two-factor sign-in for your account. Please set it up now to continue.')}</Alert>
      <TwoFactorSetup onEnabled={onEnabled} />
    </Stack>
  );
}
