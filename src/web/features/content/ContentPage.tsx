/**
 * The generic content page (spec 2): /{id}/{subid?}, home by default. Blocks sorted by order then id
 * in the user's language; a missing page comes back from the server as the page-not-found record.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Box, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { useSession, whoamiQuery } from '../../lib/session.ts';
import { effectiveConsent, useLocalConsent } from '../../lib/consent.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { pageQuery } from './api.ts';
import { ContentBlock, blockBody } from './blocks/ContentBlock.tsx';
import { BannerBlock } from './blocks/BannerBlock.tsx';
import { CardsBlock, AccordionBlock } from './blocks/CardsBlock.tsx';
import { CourseListBlock } from './blocks/CourseListBlock.tsx';
import { LanguagesBlock } from './blocks/LanguagesBlock.tsx';
import { SurveyBlock } from './blocks/SurveyBlock.tsx';
import { RegisterBlock } from './blocks/RegisterBlock.tsx';

// Editor tools load only for editors.
const EditorPageBar = lazy(() => import('./editor/EditorControls.tsx').then((m) => ({ default: m.EditorPageBar })));
const EditorBlockBar = lazy(() => import('./editor/EditorControls.tsx').then((m) => ({ default: m.EditorBlockBar })));

/** Runs a page record's third-party head/foot scripts, only while consent is optin. */
function usePageScripts(page: Content | null, allowed: boolean) {
  useEffect(() => {
    if (!allowed || !page) return;
    const added: Node[] = [];
    const inject = (html: string | undefined, parent: HTMLElement, where: string) => {
      if (!html?.trim()) return;
      // A contextual fragment keeps <script> elements executable when inserted.
      const frag = document.createRange().createContextualFragment(html);
      for (const node of Array.from(frag.childNodes)) {
        if (node instanceof Element) node.setAttribute('data-page-script', where);
        added.push(node);
      }
      parent.append(frag);
    };
    inject(page.scripthead, document.head, 'head');
    inject(page.scriptfoot, document.body, 'foot');
    return () => { for (const n of added) n.parentNode?.removeChild(n); };
  }, [page?._id, page?.scripthead, page?.scriptfoot, allowed]); // eslint-disable-line react-hooks/exhaustive-deps
}

function usePageMeta(description: string | undefined) {
  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector('meta[name="description"]');
    const before = meta?.getAttribute('content');
    meta?.setAttribute('content', description);
    return () => { if (before != null) meta?.setAttribute('content', before); };
  }, [description]);
}

function Block({ block, context, subid, first, editing }: { block: Content; context: string; subid?: string; first: boolean; editing: boolean }) {
  switch (block.subtype) {
    case 'banner': return <BannerBlock block={block} />;
    case 'cards': return <CardsBlock block={block} />;
    case 'accordian': case 'accordion': return <AccordionBlock block={block} />;
    case 'courselist': return <CourseListBlock block={block} />;
    case 'register': return <RegisterBlock block={block} context={context} subid={subid} />;
    case 'survey': return <SurveyBlock block={block} />;
    case 'languages': return <LanguagesBlock block={block} editing={editing} />;
    default: return <ContentBlock block={block} first={first} />;
  }
}

export function ContentPage({ context, subid }: { context: string; subid?: string }) {
  const { t } = useTranslation();
  const { lang, user } = useSession();
  const { data: who } = useQuery(whoamiQuery);
  const local = useLocalConsent();
  const q = useQuery(pageQuery(context, subid, lang));
  const [preview, setPreview] = useState(false);
  const page = q.data?.page ?? null;
  const editing = !!user?.isEditor && !preview;
  useDocumentTitle(page?.title ?? (q.isPending ? undefined : context));
  usePageMeta(page?.meta);
  usePageScripts(page, effectiveConsent(who, local) === 'optin');

  if (q.isPending) {
    return (
      <Stack gap="md" data-screen="content" data-loading="true" aria-busy="true">
        <Skeleton h={36} w="60%" />
        <Skeleton h={16} />
        <Skeleton h={16} w="90%" />
        <Skeleton h={16} w="75%" />
      </Stack>
    );
  }
  if (q.isError) {
    return (
      <Box data-screen="content" data-page={context}>
        <Alert color="red" title={t('This page could not be loaded.')}>{t('Please try again in a few minutes.')}</Alert>
      </Box>
    );
  }
  const blocks = (q.data?.blocks ?? []).filter((b) => !(b.condition === 'unauthenticated' && user && !blockBody(b, true) && b.subtype !== 'register'));
  const banners = blocks.filter((b) => b.subtype === 'banner');
  const rest = blocks.filter((b) => b.subtype !== 'banner');
  return (
    <Box data-screen="content" data-page={context} data-page-id={page?._id} className="content-page">
      {user?.isEditor ? (
        <Suspense fallback={null}>
          <EditorPageBar context={context} page={page} preview={preview} onPreview={setPreview} />
        </Suspense>
      ) : null}
      {banners.map((b) => <Box key={b._id} mb="lg" id={b._id}><BannerBlock block={b} /></Box>)}
      {banners.length === 0 && page?.title && (
        <Title order={1} mb="md" className={context === 'home' ? 'visually-hidden' : undefined}>{page.title}</Title>
      )}
      <Stack gap="xl">
        {rest.map((b, i) => (
          <Box component="section" key={b._id} id={b._id} data-block={b._id} data-subtype={b.subtype || 'block'}
            className={b.subtype === 'languages' ? 'content-block mobile-only' : 'content-block'}>
            {editing && <Suspense fallback={null}><EditorBlockBar block={b} /></Suspense>}
            <Block block={b} context={context} subid={subid} first={i === 0} editing={editing} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
