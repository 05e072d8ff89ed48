import type { MouseEvent } from 'react';
import { Typography } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ContentLang } from '../lib/content-lang.ts';

/**
 * Editor-written html (sanitised by the server). Local links inside it navigate within the app
 * instead of reloading the page. `lang` and `dir` (content-lang.ts) when it is in another language than the
 * interface.
 */
export function HtmlBody({ html, className, lang, dir }: { html: string | undefined; className?: string } & ContentLang) {
  const navigate = useNavigate();
  if (!html) return null;
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest('a');
    if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    // Hash-only links on the same page, and API/file links, keep the browser's behaviour.
    if (/^\/(app_|files\/)/.test(url.pathname)) return;
    e.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return <Typography className={className} lang={lang} dir={dir} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
