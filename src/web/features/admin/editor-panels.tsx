/**
 * The editing panels of the spec's route table, provided by the content feature
 * (src/web/features/admin-content/index.ts, each a chunk of its own loaded when first shown):
 *   /admin/content/{id}, /admin/courses/{courseid}, /admin/lessons/{course}/{lesson},
 *   /admin/lessonmaterials/{course}/{lesson}/{material}
 */
import type { ComponentType } from 'react';
import { editorPanels } from '../admin-content/index.ts';

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

export function EditorPanel({ panel, rest }: { panel: EditorName; rest: string[] }) {
  const names = EDITOR_PANELS[panel];
  const params = Object.fromEntries(names.map((n, i) => [n, rest[i] ?? ''])) as Record<string, string>;
  const Panel = editorPanels[panel] as ComponentType<Record<string, unknown>>;
  return <Panel {...params} params={params} rest={rest} />;
}
