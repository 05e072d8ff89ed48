/** Admin user screen: end every session of the user (a lost laptop, a leaving colleague); audited on the server. */
import { useTranslation } from 'react-i18next';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { queryClient } from '../../lib/query.ts';
import { ConfirmButton } from '../../components/panel-parts.tsx';
import { endAllSessionsOf, resetTwoFactorOf } from '../../lib/data/sessions.ts';

export function EndUserSessionsButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={tk('End all sessions')}
      title={tk('End all sessions of this user?')}
      testid="user-end-sessions"
      message={`${name}: ${t('Every browser signed in to this account is signed out.')}`}
      onConfirm={async () => {
        const r = await endAllSessionsOf(id);
        await queryClient.invalidateQueries({ predicate: (x) => x.queryKey[0] === 'audit' });
        addStatus('success', t('Sessions ended: {{n}}', { n: r.ended }));
      }}
    />
  );
}

/** Admin user screen: turn off the user's two-factor sign-in after checking who is asking (phone and codes lost). */
export function ResetTwoFactorButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={tk('Turn off two-factor sign-in')}
      title={tk('Turn off two-factor sign-in for this user?')}
      testid="user-reset-twofactor"
      message={`${name}: ${t('Only do this once you are sure who is asking. The user signs in with the password alone, and every session ends.')}`}
      onConfirm={async () => {
        await resetTwoFactorOf(id);
        await queryClient.invalidateQueries({ predicate: (x) => x.queryKey[0] === 'audit' });
        addStatus('success', tk('Two-factor sign-in is off.'));
      }}
    />
  );
}
