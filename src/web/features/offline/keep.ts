/**
 * Keeping a course on the device: its lesson list and every lesson (materials, quiz questions without
 * their key, as the server gives them to learners) are read once and kept with the other saved reads,
 * and the course's files and images go into the service worker's file cache. The size is worked out
 * (and shown) before the files are fetched.
 */
import type { Lesson } from '../../../domain/types.ts';
import { api } from '../../lib/api.ts';
import { readKey } from '../../lib/offline/reads.ts';
import { hasOfflineStore, offlineDb, type KeptCourse } from '../../lib/offline/store.ts';
import { FILE_CACHE } from '../../lib/offline/device.ts';

export interface KeepPlan {
  course: string;
  title: string;
  reads: string[];
  files: string[];
  bytes: number;
}

export const canKeep = () => hasOfflineStore() && typeof caches !== 'undefined' && 'serviceWorker' in navigator;

/** Same-origin file and image addresses named anywhere in a lesson (HTML bodies, links, quiz text). */
function filesIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return [...text.matchAll(/\/files\/[^"'\\\s)<>?#]+/g)].map((m) => m[0]);
}

async function sizeOf(url: string): Promise<number> {
  try {
    const r = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    return r.ok ? Number(r.headers.get('content-length')) || 0 : 0;
  } catch {
    return 0;
  }
}

/** Reads the course's lessons (kept as they arrive) and measures its files, without fetching them. */
export async function planKeep(course: string, title: string): Promise<KeepPlan> {
  const listBody = { course };
  const lessons = await api.post<Lesson[]>('/app_lessons/list', listBody);
  const reads = [readKey('POST', '/app_lessons/list', listBody)];
  let bytes = JSON.stringify(lessons).length;
  const files = new Set<string>(filesIn(lessons));
  for (const l of lessons) {
    const body = { _id: l._id };
    const lesson = await api.post<Lesson>('/app_lessons/get', body);
    reads.push(readKey('POST', '/app_lessons/get', body));
    bytes += JSON.stringify(lesson).length;
    for (const f of filesIn(lesson)) files.add(f);
  }
  const sizes = await Promise.all([...files].map(sizeOf));
  bytes += sizes.reduce((a, b) => a + b, 0);
  return { course, title, reads, files: [...files], bytes };
}

export async function keepCourse(plan: KeepPlan, preloadLessonScreens: () => Promise<unknown>): Promise<void> {
  // The scripts of the lesson screen and of what it may show (a survey, the lesson's discussion and its
  // editor), so a kept lesson opens offline even if none was opened yet: the worker keeps them as they load.
  await preloadLessonScreens().catch((err) => console.warn('could not keep the lesson screen', err));
  const cache = await caches.open(FILE_CACHE);
  for (const f of plan.files) {
    if (!(await cache.match(f))) await cache.add(f).catch((err) => console.warn('could not keep a file', f, err));
  }
  const kept: KeptCourse = {
    course: plan.course,
    title: plan.title,
    bytes: plan.bytes,
    at: Date.now(),
    reads: plan.reads,
    files: plan.files,
  };
  await (await offlineDb()).put('kept', kept);
}

export async function keptCourses(): Promise<KeptCourse[]> {
  if (!hasOfflineStore()) return [];
  return (await offlineDb()).getAll('kept');
}

export async function keptCourse(course: string): Promise<KeptCourse | undefined> {
  if (!hasOfflineStore()) return undefined;
  return (await offlineDb()).get('kept', course);
}

/** Forgets a kept course: its saved lessons and the files no other kept course names. */
export async function removeKept(course: string): Promise<void> {
  const db = await offlineDb();
  const kept = await db.get('kept', course);
  if (!kept) return;
  await db.delete('kept', course);
  const stillNamed = new Set((await db.getAll('kept')).flatMap((k) => k.files));
  for (const key of kept.reads) await db.delete('reads', key);
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(FILE_CACHE);
    for (const f of kept.files) if (!stillNamed.has(f)) await cache.delete(f);
  }
}

/** "1.2 MB", in the learner's language. */
export function formatBytes(bytes: number, lang: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return new Intl.NumberFormat(lang, { style: 'unit', unit: units[i], unitDisplay: 'short', maximumFractionDigits: i ? 1 : 0 }).format(v);
}
