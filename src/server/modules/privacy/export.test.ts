/** The export archive on its own: files per kind, the summary page's language and direction, escaping. */
import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { buildZip, type UserData } from './export.ts';

const data: UserData = {
  profile: { id: 'u1', email: 'rana@example.org', firstname: '<img src=x onerror=alert(1)>', lastname: 'Haddad', phone: '+20 2 555 0100' },
  cookieChoice: { setting: 'optout' },
  enrollments: [{ id: 'u1-c1', course: 'c1', courseTitle: 'Water, "safe" and clean', completed: null }],
  progress: [],
  materialViews: [],
  quizAttempts: [{ id: 'a1', kind: 'quiz', answers: ['A', 'B'] }],
  examAttempts: [
    { id: 'e1', number: 1, state: 'inprogress', questions: [{ question: 'Why?', answers: ['Because', 'No'] }], answers: ['A'] },
  ],
  certificates: [],
  posts: [],
  replies: [],
  surveyAnswers: [],
  sessions: [],
  signIns: [{ lastSignIn: '2026-11-01T10:00:00.000Z' }],
  emails: [{ subject: 'Welcome', created: '2026-11-01T10:00:00.000Z' }],
  pendingDeletion: { requested: '2026-11-20T00:00:00.000Z', due: '2026-12-04T00:00:00.000Z' },
  otherRecords: { two_factor: [{ userId: 'u1', created: '2026-11-02' }] },
};

describe('buildZip', () => {
  const files = (lang: string, labels: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(unzipSync(buildZip(data, { lang, site: 'Commons', created: '2026-11-24T01:00:00.000Z', labels }))).map(([k, v]) => [
        k,
        strFromU8(v),
      ]),
    );

  it('holds a JSON and a CSV file per kind of record, all of it in data.json, and other records', () => {
    const f = files('en');
    for (const name of [
      'profile',
      'enrollments',
      'progress',
      'material-views',
      'quiz-and-exam-attempts',
      'exam-attempts',
      'certificates',
      'posts',
      'replies',
      'survey-answers',
      'sessions',
      'sign-ins',
      'cookie-choice',
      'emails',
    ]) {
      expect(f[`${name}.json`], name).toBeDefined();
      expect(f[`${name}.csv`], name).toBeDefined();
    }
    expect(JSON.parse(f['data.json']!)).toEqual(JSON.parse(JSON.stringify(data)));
    expect(JSON.parse(f['other-records.json']!)).toEqual(data.otherRecords);
    // CSV: a byte-order mark for spreadsheets, a header row, quoted fields, nested values as JSON.
    const raw = unzipSync(buildZip(data, { lang: 'en', site: 'Commons', created: '2026-11-24T01:00:00.000Z', labels: {} }))[
      'enrollments.csv'
    ]!;
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(f['enrollments.csv']!.replace(/^\uFEFF/, '').startsWith('id,course,courseTitle,completed\n')).toBe(true);
    expect(f['enrollments.csv']).toContain('"Water, ""safe"" and clean"');
    expect(f['quiz-and-exam-attempts.csv']).toContain('"[""A"",""B""]"');
  });

  it('writes the summary page in the learner language, right to left in Arabic, with values escaped and kept left to right', () => {
    const ar = files('ar', { 'Your data from {{site}}': 'بياناتك من {{site}}', Certificates: 'الشهادات' })['index.html']!;
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('<h1>بياناتك من Commons</h1>');
    expect(ar).toContain('الشهادات');
    expect(ar).toContain('<bdi>+20 2 555 0100</bdi>');
    expect(ar).not.toContain('<img src=x');
    expect(ar).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(ar).toContain('2026-12-04');
    const en = files('en')['index.html']!;
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toContain('Your data from Commons');
    // A site name is put in as written, even with what a string replacement reads as a pattern.
    const zip = buildZip(data, { lang: 'en', site: "Dollar $& $' Co", created: '2026-11-24T01:00:00.000Z', labels: {} });
    expect(strFromU8(unzipSync(zip)['index.html']!)).toContain('<h1>Your data from Dollar $&amp; $&#39; Co</h1>');
  });
});
