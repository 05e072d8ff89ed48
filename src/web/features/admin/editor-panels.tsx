/**
 * The editing panels of the spec's route table, provided by the content feature
 * (src/web/features/admin-content/index.ts exports `{ content, courses, lessons, lessonmaterials }`,
 * lazy components taking the route's parameters):
 *   /admin/content/{id}, /admin/courses/{courseid}, /admin/lessons/{course}/{lesson},
 *   /admin/lessonmaterials/{course}/{lesson}/{material}
 * The module is found with import.meta.glob, so this chunk builds whether or not it exists yet; until
 * it does, a read-only view of the record stands in.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Alert, Anchor, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { api } from '../../lib/api.ts';
import { PageLoader } from '../../app/guards.tsx';
import { allCoursesQuery } from './api.ts';
import { FieldList, LoadError } from '../../components/panel-parts.tsx';
import { adminPath, coursePath, lessonPath } from '../../lib/paths.ts';

/** Route parameter names of each editing panel, in path order. */
export const EDITOR_PANELS = {
  content: ['id'],
  courses: ['courseid'],
  lessons: ['course', 'lesson'],
  lessonmaterials: ['course', 'lesson', 'material'],
} as const;
type EditorName = keyof typeof EDITOR_PANELS;

/** /admin/content and /admin/courses without an id are admin lists; lessons and materials always edit. */
export function isEditorPanel(panel: string, rest: string[]): boolean {
  if (panel === 'lessons' || panel === 'lessonmaterials') return true;
  return (panel === 'content' || panel === 'courses') && rest.length > 0;
}

type Loader = () => Promise<Record<string, unknown>>;
const loader = Object.values(import.meta.glob('../admin-content/index.ts'))[0] as Loader | undefined;

const isComponent = (v: unknown) => typeof v === 'function' || (typeof v === 'object' && v !== null && '$$typeof' in v);

/** The `{ content, courses, lessons, lessonmaterials }` map, whether exported by name or as default. */
function panelMap(mod: Record<string, unknown>): Record<string, unknown> | null {
  if (Object.keys(EDITOR_PANELS).some((k) => isComponent(mod[k]))) return mod;
  for (const v of Object.values(mod)) {
    if (v && typeof v === 'object' && Object.keys(EDITOR_PANELS).some((k) => isComponent((v as Record<string, unknown>)[k]))) {
      return v as Record<string, unknown>;
    }
  }
  return null;
}

type EditorProps = Record<string, unknown> & { params: Record<string, string> };
const provided: Partial<Record<EditorName, ComponentType<EditorProps> | null>> = {};
function providedPanel(name: EditorName): ComponentType<EditorProps> | null {
  if (!loader) return null;
  if (provided[name] === undefined) {
    provided[name] = lazy(async () => {
      const map = panelMap(await loader());
      const c = map?.[name];
      if (!isComponent(c)) return { default: Fallback(name) };
      // A lazy component cannot be what another lazy import resolves to: render it from a plain one.
      const Inner = c as ComponentType<EditorProps>;
      return { default: typeof c === 'function' ? Inner : (props: EditorProps) => <Inner {...props} /> };
    });
  }
  return provided[name]!;
}

export function EditorPanel({ panel, rest }: { panel: EditorName; rest: string[] }) {
  const names = EDITOR_PANELS[panel];
  const params = Object.fromEntries(names.map((n, i) => [n, rest[i] ?? ''])) as Record<string, string>;
  const Provided = providedPanel(panel);
  const Stand = Fallback(panel);
  const C = Provided ?? Stand;
  return (
    <Suspense fallback={<PageLoader />}>
      {/* eslint-disable-next-line react-hooks/static-components -- the panel comes from a module-level table of lazy components, cached per name */}
      <C {...params} params={params} rest={rest} />
    </Suspense>
  );
}

// Stand-ins: a read-only view of the record, with the ways on. --------------------------------------------

const fallbacks: Partial<Record<EditorName, ComponentType<EditorProps>>> = {};
function Fallback(name: EditorName): ComponentType<EditorProps> {
  fallbacks[name] ??= (props: EditorProps) => <ReadOnlyRecord panel={name} params={props.params} />;
  return fallbacks[name]!;
}

function ContentRecord({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['content', 'one', id],
    queryFn: () => api.post<Content>('/app_content/get', { _id: id }),
    enabled: id !== 'new',
  });
  if (id === 'new') return null;
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <LoadError error={q.error} />;
  const c = q.data;
  return (
    <FieldList
      rows={[
        [t('Title'), c.title ?? ''],
        [t('Type'), [c.type, c.subtype].filter(Boolean).join(' / ')],
        [t('Page'), c.context],
        [t('Language'), c.lang ?? ''],
        [t('Order'), String(c.order ?? '')],
        [t('Updated'), (c.timestamp ?? '').slice(0, 10)],
      ]}
    />
  );
}

function CourseRecord({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useQuery(allCoursesQuery());
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <LoadError error={q.error} />;
  const c = q.data.find((x) => x._id === id);
  if (!c) return <Alert color="gray">{t('I am sorry, I cannot find that course.')}</Alert>;
  return (
    <Stack gap="xs">
      <FieldList
        rows={[
          [t('Title'), c.title],
          [t('Language'), c.lang],
          [t('Status'), c.status ?? ''],
          [t('Main course'), c.main ?? ''],
          [t('Sections'), c.sections ?? ''],
          [t('Order'), String(c.order ?? '')],
        ]}
      />
      <Group gap="sm">
        <Anchor component={Link} to={coursePath(id)}>
          {t('Course page')}
        </Anchor>
        <Anchor component={Link} to={adminPath('courses')}>
          {t('Courses and classes')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function ReadOnlyRecord({ panel, params }: { panel: EditorName; params: Record<string, string> }) {
  const { t } = useTranslation();
  const path = [panel, ...Object.values(params).filter(Boolean)].join('/');
  const course = params.course ?? params.courseid;
  return (
    <Stack gap="md" data-testid="admin-editor-fallback">
      <Title order={1}>{t('Admin')}</Title>
      <Group gap="xs">
        <Badge variant="light">{t('Read only')}</Badge>
        <Code>{path}</Code>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('The editor for this record is not available in this version; its fields are shown read only.')}
          </Text>
          {panel === 'content' && params.id && <ContentRecord id={params.id} />}
          {panel === 'courses' && params.courseid && <CourseRecord id={params.courseid} />}
          {course && panel !== 'courses' && (
            <Anchor component={Link} to={params.lesson && params.lesson !== 'new' ? lessonPath(course, params.lesson) : coursePath(course)}>
              {t('Back to the course')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
