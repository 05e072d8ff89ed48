/**
 * Comments page paths (spec 2): /comments, /Comments, /comment (the user's own posts), /discussion/{id},
 * /comments/{parentId}/{classId?}/{commentId?} and /comments/* (the same parts, further segments ignored).
 */
import { lessonPath as lessonScreenPath } from '../../lib/paths.ts';

export interface CommentsPath {
  /** The discussion in course-lesson form; undefined for the user's own posts. */
  parent?: string;
  /** The class; undefined when none (the word none counts as none). */
  classId?: string;
  /** A post to scroll to and highlight. */
  commentId?: string;
}

const decode = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
};
const orNone = (v: string | undefined) => (v && v !== 'none' ? v : undefined);

export function parseCommentsPath(params: Record<string, string | undefined>): CommentsPath {
  const splat = (params['*'] ?? '').split('/').filter(Boolean).map(decode);
  const parent = params.parentId ?? params.id ?? splat[0];
  return {
    parent: parent?.trim() || undefined,
    classId: orNone(params.classId ?? splat[1]),
    commentId: orNone(params.commentId ?? splat[2]),
  };
}

/** The lesson of a discussion, always with its class segment ('none' when there is no class). */
export const lessonPath = (course: string, lesson: string, classId?: string | null) => lessonScreenPath(course, lesson, classId || 'none');

/**
 * The course and lesson of a parent (courseId-lessonId; both may hold dashes): the longest known course
 * id the parent starts with, followed by a dash and a lesson id.
 */
export function splitParent(parent: string, courseIds: readonly string[]): { courseId: string; lessonId: string } | null {
  const match = courseIds
    .filter((c) => c && parent.startsWith(`${c}-`) && parent.length > c.length + 1)
    .sort((a, b) => b.length - a.length)[0];
  return match ? { courseId: match, lessonId: parent.slice(match.length + 1) } : null;
}

/** YYYY-MM-DD HH:mm in local time (spec: dates as YYYY-MM-DD). */
export function postTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 16).replace('T', ' ');
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** True when rich-text html holds no text and no picture or video (what the server refuses as empty). */
export function isBlankHtml(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return !text && !/<(img|iframe)\b/i.test(html);
}
