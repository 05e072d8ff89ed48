/**
 * After signing in with a reset's temporary password the server accepts nothing but a new password,
 * so the app keeps the user on the change-password screen until one is set.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';

export const FORCED_PASSWORD_PATH = '/user/changepassword';

export function PasswordChangeRedirect() {
  const { mustChangePassword } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (mustChangePassword && location.pathname !== FORCED_PASSWORD_PATH) navigate(FORCED_PASSWORD_PATH, { replace: true });
  }, [mustChangePassword, location.pathname, navigate]);
  return null;
}
