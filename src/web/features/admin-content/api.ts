/** Editors' requests for content, courses, lessons and materials (one place per request). */
import { queryOptions } from '@tanstack/react-query';
import type { Content, Course, Lesson, Material } from '../../../domain/types.ts';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';

/** Records of a page (or of any filter) as stored, for the content panel. */
export const contentListQuery = (filter: { context?: string; type?: string }) =>
  queryOptions({
    queryKey: ['contentList', filter.context ?? '', filter.type ?? ''],
    queryFn: ({ signal }) => api.post<Content[]>('/app_content/list', filter, signal),
    staleTime: 10_000,
  });

/** One lesson with all its materials (editors get the right answers of quizzes). */
export const editLessonQuery = (id: string) =>
  queryOptions({
    queryKey: ['lesson', id, 'edit'],
    queryFn: ({ signal }) => api.post<Lesson>('/app_lessons/get', { _id: id }, signal),
    staleTime: 0,
    enabled: !!id && id !== 'new',
  });

/** After a save, every screen that shows courses, lessons or materials asks again. */
function coursesChanged() {
  return queryClient.invalidateQueries({
    predicate: (q) => ['courses', 'lessons', 'lesson', 'materials', 'page', 'enrollments', 'classes'].includes(String(q.queryKey[0])),
  });
}

export async function saveCourse(course: Partial<Course> & { _id: string }): Promise<Course> {
  const saved = await api.post<Course>('/app_courses/save', course);
  await coursesChanged();
  return saved;
}
export async function removeCourse(id: string): Promise<void> {
  await api.post('/app_courses/remove', { _id: id });
  await coursesChanged();
}

export async function saveLesson(lesson: Partial<Lesson> & { _id: string; course: string }): Promise<Lesson> {
  const saved = await api.post<Lesson>('/app_lessons/save', lesson);
  await coursesChanged();
  return saved;
}
export async function removeLesson(id: string): Promise<void> {
  await api.post('/app_lessons/remove', { _id: id });
  await coursesChanged();
}

export async function saveMaterial(material: Partial<Material> & { _id: string }): Promise<Material> {
  const saved = await api.post<Material>('/app_materials/save', material);
  await coursesChanged();
  return saved;
}
export async function removeMaterial(id: string): Promise<void> {
  await api.post('/app_materials/remove', { _id: id });
  await coursesChanged();
}
