import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { tk } from './tk.ts';
import { useSession } from './session.ts';

/** "<title> | <site title>" while the screen is shown. */
export function useDocumentTitle(title: string | undefined) {
  const { config } = useSession();
  const { t } = useTranslation();
  const site = t(config?.sitetitle ?? tk('Learning Platform'));
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
}
