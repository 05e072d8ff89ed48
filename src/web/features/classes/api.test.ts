import { describe, expect, it } from 'vitest';
import type { Course, SiteConfig, User } from '../../../domain/types.ts';
import { creatableCourses, htmlToText, mayCreateClasses, runsClass, textToHtml } from '../../lib/data/classes.ts';
import { pickerCourses } from '../../lib/data/enrollment-rows.ts';

const user = (u: Partial<User> = {}): User => ({
  _id: 'u1',
  firstname: 'A',
  lastname: 'B',
  email: 'a@b.c',
  roles: [],
  isEditor: false,
  isAdmin: false,
  isAdmins: false,
  lang: 'en',
  classes: [],
  certifications: {},
  instructor: {},
  cookieoptin: { setting: 'prompt' },
  ...u,
});
const config = (c: Partial<SiteConfig> = {}) => ({ createclasswithoutcerts: false, ...c }) as SiteConfig;
const course = (c: Partial<Course> & { _id: string }): Course => ({ title: c._id, lang: 'en', ...c });
const courses = [
  course({ _id: 'b', title: 'Beta' }),
  course({ _id: 'a', title: 'Alpha', main: 'main-a' }),
  course({ _id: 'off', status: 'Inactive' }),
  course({ _id: 'fr', lang: 'fr', title: 'Français' }),
];

describe('who may create classes, and for which courses (spec 6)', () => {
  it('needs a certification, admin, or the site setting', () => {
    expect(mayCreateClasses(user(), config())).toBe(false);
    expect(mayCreateClasses(user({ certifications: { a: {} } }), config())).toBe(true);
    expect(mayCreateClasses(user({ isAdmin: true }), config())).toBe(true);
    expect(mayCreateClasses(user(), config({ createclasswithoutcerts: true }))).toBe(true);
    expect(mayCreateClasses(null, config({ createclasswithoutcerts: true }))).toBe(false);
  });
  it("offers certified courses (or their language versions) that are active and in the user's language", () => {
    expect(creatableCourses(user({ certifications: { 'main-a': {} } }), config(), courses).map((c) => c._id)).toEqual(['a']);
    expect(creatableCourses(user({ certifications: { off: {}, fr: {} } }), config(), courses)).toEqual([]);
    expect(creatableCourses(user(), config({ createclasswithoutcerts: true }), courses).map((c) => c._id)).toEqual(['a', 'b']);
    expect(creatableCourses(user({ isAdmin: true }), config(), courses).map((c) => c._id)).toEqual(['a', 'b', 'fr']);
  });
  it('runs a class: its instructor, or an admin', () => {
    expect(runsClass(user(), { _id: 'k', instructor: 'u1' })).toBe(true);
    expect(runsClass(user({ instructor: { k: true } }), { _id: 'k', instructor: 'x' })).toBe(true);
    expect(runsClass(user({ isAdmin: true }), { _id: 'k' })).toBe(true);
    expect(runsClass(user({ isEditor: true }), { _id: 'k', instructor: 'x' })).toBe(false);
  });
});

describe('enroll panel course picker', () => {
  it('lists active courses of the language by title', () => {
    expect(pickerCourses(courses, 'en').map((c) => c._id)).toEqual(['a', 'b']);
    expect(pickerCourses(courses, 'fr').map((c) => c._id)).toEqual(['fr']);
  });
});

describe('class description as plain text', () => {
  it('turns paragraphs into text and back, escaping what was typed', () => {
    expect(htmlToText('<p>One &amp; two</p>\n<p>Three<br>four</p><ul><li>x</li></ul>')).toBe('One & two\n\nThree\nfour\n\n- x');
    expect(textToHtml('One & <two>\n\nThree\nfour')).toBe('<p>One &amp; &lt;two&gt;</p>\n<p>Three<br>four</p>');
    expect(textToHtml('   ')).toBe('');
    expect(htmlToText(undefined)).toBe('');
  });
});
