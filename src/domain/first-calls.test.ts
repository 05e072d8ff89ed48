import { describe, expect, it } from 'vitest';
import { callKey, chosenClass, enrolmentCalls, firstCalls, lessonCalls, type FirstLesson } from './first-calls.ts';

const urls = (path: string, who?: { userId?: string; lang: string }) => firstCalls(path, who).map((c) => callKey(c.method, c.url, c.body));

describe('first calls', () => {
  it('names a call the same whatever the order of its body fields', () => {
    expect(callKey('POST', '/app_classes/list', { course: 'c', lang: 'ar' })).toBe(
      callKey('POST', '/app_classes/list', { lang: 'ar', course: 'c' }),
    );
    expect(callKey('POST', '/app_courses/list', {})).toBe('POST /app_courses/list {}');
    expect(callKey('GET', '/app_users/whoami')).toBe('GET /app_users/whoami');
  });

  it("asks for the home page in the caller's language once whoami has answered", () => {
    expect(urls('/')).toEqual([]);
    expect(urls('/', { lang: 'ar' })).toEqual(['GET /app_content/getpage/home?lang=ar', 'POST /app_courses/list {}']);
    expect(urls('/German', { lang: 'de' })).toEqual(['GET /app_content/getpage/German?lang=de']);
  });

  it("asks for a course page's course, lessons and class, and the caller's enrolments when signed in", () => {
    expect(urls('/Course/c1/k1')).toEqual([
      'POST /app_courses/list {}',
      'POST /app_lessons/list {"course":"c1"}',
      'POST /app_classes/list {"_id":"k1"}',
    ]);
    expect(urls('/Course/c1/none', { userId: 'u1', lang: 'en' })).toEqual([
      'POST /app_courses/list {}',
      'POST /app_lessons/list {"course":"c1"}',
      'POST /app_enrollment/list {"user":"u1"}',
    ]);
  });

  it("asks for a lesson page's lesson and class, decoding the path", () => {
    expect(urls('/lessons/c%201/l1/k1/m1')).toEqual([
      'POST /app_courses/list {}',
      'POST /app_lessons/list {"course":"c 1"}',
      'POST /app_lessons/get {"_id":"l1"}',
      'POST /app_classes/list {"_id":"k1"}',
    ]);
    expect(urls('/lessons/c1', { lang: 'en' })).toEqual(['POST /app_courses/list {}', 'POST /app_lessons/list {"course":"c1"}']);
  });

  it('asks for the class of a screen whose path names none when the caller has one class in that course', () => {
    const keys = (path: string, enrolments: { course: string; classid: string }[]) =>
      enrolmentCalls(path, enrolments).map((c) => callKey(c.method, c.url, c.body));
    const one = [
      { course: 'c1', classid: 'k1' },
      { course: 'c2', classid: 'k2' },
    ];
    expect(keys('/Course/c1', one)).toEqual(['POST /app_classes/list {"_id":"k1"}']);
    expect(keys('/lessons/c1/l1/none', one)).toEqual(['POST /app_classes/list {"_id":"k1"}']);
    // The path's class is among the first calls already; two classes in the course: the screen asks which.
    expect(keys('/lessons/c1/l1/k9', one)).toEqual([]);
    expect(keys('/Course/c1', [...one, { course: 'c1', classid: 'k3' }])).toEqual([]);
    expect(keys('/Course/c3', one)).toEqual([]);
    expect(keys('/', one)).toEqual([]);
    expect(chosenClass('k9', one)).toBe('k9');
    expect(chosenClass(undefined, [])).toBeUndefined();
  });

  it("asks for each exam's status, each survey and the discussion of a lesson in the caller's class", () => {
    const lesson = {
      materials: {
        m1: { _id: 'm1', section: 'Text' },
        m2: { _id: 'm2', section: 'Exam' },
        m3: { _id: 'm3', section: 'Quiz' },
        // Two materials with one survey ask once; a survey material naming none asks nothing.
        m4: { _id: 'm4', section: 'Survey', subid: ' s1 ' },
        m5: { _id: 'm5', section: 'Survey', subid: 's1' },
        m6: { _id: 'm6', section: 'Survey', subid: '' },
      },
    };
    const keys = (path: string, enrolments: { course: string; classid: string }[], l: FirstLesson = lesson) =>
      lessonCalls(path, l, enrolments).map((c) => callKey(c.method, c.url, c.body));
    const mine = [
      { course: 'c1', classid: 'k1' },
      { course: 'c2', classid: 'k2' },
    ];
    const exam = 'POST /app_enrollment/attempts {"_id":"m2","classid":"k1"}';
    const survey = 'POST /app_surveys/getSurvey {"_id":"s1"}';
    expect(keys('/lessons/c1/l1/k1', mine)).toEqual([exam, survey, 'POST /app_comments/list {"context":"k1","parent":"c1-l1"}']);
    // No class in the path: the caller's only class in the course, as the screen goes to it.
    expect(keys('/lessons/c1/l1', mine)).toEqual([exam, survey, 'POST /app_comments/list {"context":"k1","parent":"c1-l1"}']);
    // A class the caller is not in, several classes to choose from, a course page, a lesson without materials.
    expect(keys('/lessons/c1/l1/k9', mine)).toEqual([]);
    expect(keys('/lessons/c1/l1', [...mine, { course: 'c1', classid: 'k3' }])).toEqual([]);
    expect(keys('/Course/c1/k1', mine)).toEqual([]);
    expect(keys('/lessons/c1/l1/k1', mine, { materials: { m1: { _id: 'm1', section: 'Text' } } })).toEqual([
      'POST /app_comments/list {"context":"k1","parent":"c1-l1"}',
    ]);
    expect(keys('/lessons/c1/l1/k1', mine, { materials: {} })).toEqual([]);
    expect(keys('/lessons/c1/l1/k1', [])).toEqual([]);
  });

  it('asks for nothing on the screens that load their own data', () => {
    expect(urls('/admin/users', { userId: 'u1', lang: 'en' })).toEqual([]);
    expect(urls('/login', { lang: 'en' })).toEqual([]);
  });
});
