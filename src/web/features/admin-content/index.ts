/**
 * The editing panels of the admin area (spec 2 route table), each a chunk of its own loaded when first
 * shown, taking the route's parameters: /admin/content/{id}, /admin/courses/{courseid},
 * /admin/lessons/{course}/{lesson|new}, /admin/lessonmaterials/{course}/{lesson}/{material|new}. The
 * admin area (features/admin) renders them inside its shell and guards (signed-out users get 'Please
 * Login', only editors pass).
 *
 * Each export is a plain function component that suspends on its chunk, so it can itself be the
 * result of a lazy import (React does not accept a lazy component as the result of another).
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { PageLoader } from '../../app/guards.tsx';

type Props = Record<string, unknown>;

function onDemand<P extends Props>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Panel = lazy(load);
  const OnDemand = (props: P) => createElement(Suspense, { fallback: createElement(PageLoader) }, createElement(Panel, props));
  return OnDemand as ComponentType<P>;
}

export const content = onDemand<{ id: string }>(() => import('./ContentPanel.tsx'));
export const courses = onDemand<{ courseid: string }>(() => import('./CoursePanel.tsx'));
export const lessons = onDemand<{ course: string; lesson: string }>(() => import('./LessonPanel.tsx'));
export const lessonmaterials = onDemand<{ course: string; lesson: string; material: string }>(() => import('./MaterialPanel.tsx'));

/** The same panels as one map, `{ content, courses, lessons, lessonmaterials }`. */
export const editorPanels = { content, courses, lessons, lessonmaterials };
export default editorPanels;
