import { materials, selfPacedClassId, IOL_MAIN, IOL_PREFIX } from './courses.ts';

export interface DemoProgress {
  user: string;
  classid: string;
  course: string;
  regdate: string;
  lessons: Record<string, { firstview: string; lastview: string; materials: string[] }>;
}

const lesson1 = `${IOL_PREFIX}-en-l1`;
const lesson2 = `${IOL_PREFIX}-en-l2`;

/** The demo learner has finished lesson 1 of the English self-paced class and opened lesson 2. */
export const demoProgress: DemoProgress[] = [
  {
    user: 'demo-learner',
    classid: selfPacedClassId(IOL_PREFIX, 'en'),
    course: IOL_MAIN,
    regdate: '2026-09-01T10:00:00.000Z',
    lessons: {
      [lesson1]: {
        firstview: '2026-10-05T17:12:00.000Z',
        lastview: '2026-10-07T18:40:00.000Z',
        materials: materials.filter((m) => m.lesson === lesson1).map((m) => m._id),
      },
      [lesson2]: {
        firstview: '2026-10-12T17:05:00.000Z',
        lastview: '2026-10-12T17:05:00.000Z',
        materials: [`${lesson2}-m1`],
      },
    },
  },
];
