/**
 * The generic content page (spec 2): /{id}/{subid?}, home by default. Blocks sorted by order then id
 * in the user's language; a missing page comes back from the server as the page-not-found record.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Box, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { useSession, whoamiQuery } from '../../lib/session.ts';
import { effectiveConsent, useLocalConsent } from '../../lib/consent.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { contentQuery, pageQuery } from '../../lib/data/content.ts';
import { ContentBlock, blockBody } from './blocks/ContentBlock.tsx';
import { BannerBlock } from './blocks/BannerBlock.tsx';
import { CardsBlock, AccordionBlock } from './blocks/CardsBlock.tsx';
import { CourseListBlock } from './blocks/CourseListBlock.tsx';
import { LanguagesBlock } from './blocks/LanguagesBlock.tsx';
import { SurveyBlock } from '../../lib/embeds.tsx';
import { RegisterBlock } from './blocks/RegisterBlock.tsx';

/** The id of a temporary unsaved record (validation.ts NEW_ID; not imported, to keep zod out of this chunk). */
const NEW_ID = 'new';

// Editor tools load only for editors.
const EditorPageBar = lazy(() => import('../../components/editor/EditorControls.tsx').then((m) => ({ default: m.EditorPageBar })));
const EditorBlockBar = lazy(() => import('../../components/editor/EditorControls.tsx').then((m) => ({ default: m.EditorBlockBar })));
const BlockEditor = lazy(() => import('../../components/editor/BlockEditor.tsx'));

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
    return () => {
      for (const n of added) n.parentNode?.removeChild(n);
    };
  }, [page?._id, page?.scripthead, page?.scriptfoot, allowed]); // eslint-disable-line react-hooks/exhaustive-deps
}

function usePageMeta(description: string | undefined) {
  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector('meta[name="description"]');
    const before = meta?.getAttribute('content');
    meta?.setAttribute('content', description);
    return () => {
      if (before != null) meta?.setAttribute('content', before);
    };
  }, [description]);
}

function Block({
  block,
  context,
  subid,
  first,
  editing,
}: {
  block: Content;
  context: string;
  subid?: string;
  first: boolean;
  editing: boolean;
}) {
  switch (block.subtype) {
    case 'banner':
      return <BannerBlock block={block} />;
    case 'cards':
      return <CardsBlock block={block} />;
    case 'accordian':
    case 'accordion':
      return <AccordionBlock block={block} />;
    case 'courselist':
      return <CourseListBlock block={block} />;
    case 'register':
      return <RegisterBlock block={block} context={context} subid={subid} />;
    case 'survey':
      return <SurveyBlock block={block} editing={editing} />;
    case 'languages':
      return <LanguagesBlock block={block} editing={editing} />;
    default:
      return <ContentBlock block={block} first={first} editing={editing} />;
  }
}

export function ContentPage({ context, subid }: { context: string; subid?: string }) {
  const { t } = useTranslation();
  const { lang, user } = useSession();
  const { data: who } = useQuery(whoamiQuery);
  const local = useLocalConsent();
  const q = useQuery(pageQuery(context, subid, lang));
  const [preview, setPreview] = useState(false);
  /** Blocks being edited, by id; a new block is the temporary record `new` (spec 4). */
  const [drafts, setDrafts] = useState<Record<string, Content>>({});
  const [opening, setOpening] = useState<string | null>(null);
  const page = q.data?.page ?? null;
  const isEditor = !!user?.isEditor;
  const editing = isEditor && !preview;
  useDocumentTitle(page?.title ?? (q.isPending ? undefined : context));
  usePageMeta(page?.meta);
  usePageScripts(page, effectiveConsent(who, local) === 'optin');
  // Drafts belong to one page and language.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- drafts belong to one page and language, so moving to another drops them
    setDrafts({});
    setPreview(false);
  }, [context, lang]);

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
        <Alert color="red" title={t('This page could not be loaded.')}>
          {t('Please try again in a few minutes.')}
        </Alert>
      </Box>
    );
  }
  // An editor keeps every block so a visitors-only one can be edited in place; readers lose a
  // visitors-only block that has no body for them.
  const loaded = (q.data?.blocks ?? []).filter(
    (b) => isEditor || !(b.condition === 'unauthenticated' && b.subtype !== 'register' && !blockBody(b, !!user)),
  );
  const fresh = drafts[NEW_ID];
  const all = fresh ? [...loaded, fresh] : loaded;
  // In preview, unsaved changes show as readers would see them.
  const shown = (b: Content) => (isEditor && drafts[b._id]) || b;
  const banners = all.filter((b) => shown(b).subtype === 'banner' && !(editing && drafts[b._id]));
  const rest = all.filter((b) => !banners.includes(b));

  const setDraft = (d: Content) => setDrafts((all) => ({ ...all, [d._id]: d }));
  const dropDraft = (id: string) => setDrafts(({ [id]: _dropped, ...others }) => others);
  const addBlock = () => {
    const last = loaded.reduce((max, b) => Math.max(max, b.order ?? 0), 0);
    setDraft({ _id: NEW_ID, type: 'block', subtype: '', context, lang, order: Math.floor(last / 10) * 10 + 10, title: '', body: '' });
    setPreview(false);
  };
  const startEdit = async (block: Content) => {
    setOpening(block._id);
    try {
      // The stored record: a signed-in editor's page shows the alternate body of some blocks.
      setDraft(await queryClient.fetchQuery(contentQuery(block._id)));
    } catch (err) {
      addStatus('error', err instanceof ApiError ? err.message : MSG.formError);
    } finally {
      setOpening(null);
    }
  };

  return (
    <Box data-screen="content" data-page={context} data-page-id={page?._id} data-preview={preview || undefined} className="content-page">
      {isEditor ? (
        <Suspense fallback={null}>
          <EditorPageBar
            context={context}
            page={page}
            lang={lang}
            preview={preview}
            onPreview={setPreview}
            onAddBlock={addBlock}
            adding={!!fresh}
          />
        </Suspense>
      ) : null}
      {banners.map((b) => (
        <Box key={b._id} mb="lg" id={b._id} data-block={b._id} data-subtype="banner" className="content-block">
          {editing && (
            <Suspense fallback={null}>
              <EditorBlockBar block={b} onEdit={() => void startEdit(b)} loading={opening === b._id} />
            </Suspense>
          )}
          <BannerBlock block={shown(b)} />
        </Box>
      ))}
      {banners.length === 0 && page?.title && (
        // The page's one h1; a first block with the same heading gives its heading up (below), so the
        // heading is neither shown nor read twice.
        <Title order={1} mb="md" className={context === 'home' ? 'visually-hidden' : undefined}>
          {page.title}
        </Title>
      )}
      <Stack gap="xl">
        {rest.map((b, i) => {
          // The first block carrying the page's own heading (a phone-only language block may come first).
          const firstTitled = rest.find((x) => !!page?.title && shown(x).title?.trim() === page.title.trim());
          const draft = editing ? drafts[b._id] : undefined;
          const full = shown(b);
          const repeatsH1 = b._id === firstTitled?._id && banners.length === 0 && !!page?.title && full.title?.trim() === page.title.trim();
          const view = repeatsH1 ? { ...full, title: '' } : full;
          return (
            <Box
              component="section"
              key={b._id}
              id={b._id === NEW_ID ? 'new-block' : b._id}
              data-block={b._id}
              data-subtype={view.subtype || 'block'}
              className={view.subtype === 'languages' && !draft ? 'content-block mobile-only' : 'content-block'}
            >
              {draft ? (
                <Suspense fallback={<Skeleton h={320} radius="md" />}>
                  <BlockEditor draft={draft} onChange={setDraft} onClose={() => dropDraft(b._id)} />
                </Suspense>
              ) : (
                <>
                  {editing && b._id !== NEW_ID && (
                    <Suspense fallback={null}>
                      <EditorBlockBar block={b} onEdit={() => void startEdit(b)} loading={opening === b._id} />
                    </Suspense>
                  )}
                  <Block block={view} context={context} subid={subid} first={i === 0} editing={editing} />
                </>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
