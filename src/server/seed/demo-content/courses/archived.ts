import type { CourseText } from '../text-types.ts';

/** The retired English-only course (status Inactive): still visible to learners already enrolled. */
export const archivedFacilitation: CourseText = {
  title: 'Facilitating Study Circles (2019 edition)',
  description: `<p>This course taught volunteers how to prepare and lead a study circle: a small group of adults who meet regularly to learn together. It has been retired and is kept only for learners who are already enrolled.</p>`,
  description2: '<p>This edition is no longer open for enrolment.</p>',
  lessons: [
    {
      title: 'Preparing a study circle',
      description: '<p>What a study circle is and what to arrange before the first meeting.</p>',
      materials: [
        {
          title: 'About this edition',
          description:
            '<p>This 2019 edition is no longer updated. You can still complete it and receive your certificate, but new learners should choose one of our current courses.</p>',
        },
        {
          title: 'What is a study circle?',
          description: `<p>A study circle is a group of five to twelve adults who meet regularly to learn about a topic they have chosen together. There is no teacher: a facilitator keeps the conversation going and makes sure that everyone can take part.</p>
<p>Study circles work well in villages, workplaces and community centres, and they need very little equipment.</p>`,
        },
        {
          title: 'Choosing a place and a time',
          description:
            '<p>Choose a place that is free, easy to reach and quiet enough to talk. Agree on a time that suits everyone, and keep meetings to about ninety minutes so that people can keep coming.</p>',
        },
      ],
    },
    {
      title: 'Planning sessions',
      description: '<p>How to plan a session that keeps everyone involved.</p>',
      materials: [
        {
          title: 'A simple session plan',
          description: `<p>A good session has three parts. Start with a short welcome and a question that connects the topic to people’s lives. Then read or watch something together and discuss it in pairs before the whole group shares. End by agreeing on one thing each person will try before the next meeting.</p>`,
        },
        {
          title: 'Plan your first session',
          description:
            '<p>Write a plan for your first session using the three parts above. Note the question you will open with and how long each part will take.</p>',
          question: 'What opening question would you use to get your group talking?',
        },
        {
          title: 'Check your understanding',
          description: '<p>Four questions about planning a study circle.</p>',
          quiz: [
            {
              question: 'How many people usually take part in a study circle?',
              answers: ['Two or three', 'Five to twelve', 'More than fifty'],
              iscorrect: 2,
            },
            {
              question: 'What is the role of the facilitator?',
              answers: ['To keep the conversation going and include everyone', 'To lecture the group', 'To mark the participants’ work'],
              iscorrect: 1,
            },
            {
              question: 'How long should a meeting usually last?',
              answers: ['About fifteen minutes', 'About ninety minutes', 'A whole day'],
              iscorrect: 2,
            },
            {
              question: 'How should a session end?',
              answers: ['With a written test', 'Without any conclusion', 'With one thing each person will try before the next meeting'],
              iscorrect: 3,
            },
          ],
        },
      ],
    },
    {
      title: 'Leading the circle',
      description: '<p>Helping every member to speak and keeping the group together.</p>',
      materials: [
        {
          title: 'Encouraging everyone to speak',
          description: `<p>In most groups a few people talk a lot and others stay quiet. Use rounds in which each person speaks briefly in turn, and work in pairs before opening the discussion to the whole group. Thank people for their contributions and gently invite quieter members to share.</p>`,
          question: 'How have you helped a quiet person to take part in a group?',
        },
        {
          title: 'Course feedback',
          description: '<p>Please tell us what you thought of this course before taking the final exam.</p>',
        },
        {
          title: 'Final exam',
          description: '<p>Four questions covering the whole course. You need at least 80% to pass.</p>',
          quiz: [
            {
              question: 'Who leads the learning in a study circle?',
              answers: ['A paid teacher', 'The group itself, with a facilitator', 'A government official'],
              iscorrect: 2,
            },
            {
              question: 'Which technique helps quieter members to speak?',
              answers: [
                'Rounds in which everyone speaks in turn',
                'Letting the most talkative member lead',
                'Skipping discussion altogether',
              ],
              iscorrect: 1,
            },
            {
              question: 'What is a good first step in a session?',
              answers: ['A long reading', 'A test', 'A welcome and a question linked to people’s lives'],
              iscorrect: 3,
            },
            {
              question: 'Why keep meetings to about ninety minutes?',
              answers: ['So that people can keep coming', 'Because the room is expensive', 'Because it is the law'],
              iscorrect: 1,
            },
          ],
        },
      ],
    },
  ],
};
