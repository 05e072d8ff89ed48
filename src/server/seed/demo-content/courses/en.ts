import type { LanguageCourseSet } from '../text-types.ts';

export const en: LanguageCourseSet = {
  selfPacedName: 'Self-paced (English)',
  selfPacedDescription:
    '<p>Start any time and study at your own pace. Your progress is saved automatically, and you can join the discussions with learners from around the world.</p>',
  timerequired: '3 hours',

  iol: {
    title: 'Introduction to Online Learning',
    description: `<p>New to studying online? This course shows you how online courses work, how to organise your study time and how to learn well with others in discussions. It is the ideal first step before any other course.</p>
<ul><li>Three short lessons</li><li>Quizzes and a final exam</li><li>A certificate when you pass</li></ul>`,
    description2: '<p>Questions about this course? Ask in the lesson discussions or <a href="/About#contact">contact us</a>.</p>',
    lessons: [
      {
        title: 'Getting started',
        description: '<p>What online learning is, how this platform is organised and how to build a good study habit.</p>',
        materials: [
          {
            title: 'Welcome to the course',
            description: `<p>Welcome! In this course you will learn how to study effectively online, whether you work alone at your own pace or with a group led by an instructor.</p>
<p>Each lesson is made of short materials. Read them in order and use the Next button to move on. Your progress is saved automatically, and the menu shows which materials you have already seen.</p>`,
          },
          {
            title: 'How an online course is organised',
            description: `<p>Every course on this platform follows the same structure:</p>
<ul><li><strong>Lessons</strong>, grouped into sections, each covering one topic.</li><li><strong>Materials</strong> inside each lesson: introductions, readings, activities and discussions.</li><li><strong>Quizzes</strong> to check your understanding, and a final <strong>exam</strong>.</li></ul>
<p>When you pass the exam with at least 80%, you can download your certificate from My Classes.</p>`,
          },
          {
            title: 'Building a learning habit',
            description: `<p>Research on adult learning shows that short, regular study sessions work better than long, occasional ones. Twenty minutes a day, five days a week, adds up to more than an hour and a half of focused learning every week.</p>
<p>Choose a fixed time, for example after breakfast or on the bus, and link your study to something you already do every day. Keep a small notebook for questions and look over your notes at the start of each session.</p>`,
          },
        ],
      },
      {
        title: 'Studying effectively',
        description: '<p>How to read actively, plan your time and check what you have learned.</p>',
        materials: [
          {
            title: 'Active reading',
            description: `<p>Reading on a screen makes it easy to skim. Active reading helps you understand and remember. Before you read, look at the title and headings and ask yourself what you expect to learn. While you read, stop after each paragraph and sum it up in one sentence. After you read, write down two or three key points and one question you still have.</p>
<p>If a word or an idea is unclear, note it and look it up later instead of interrupting your reading.</p>`,
          },
          {
            title: 'Make your study plan',
            description: `<p>Now it is your turn. Follow these steps to make a simple weekly study plan.</p>
<ol><li>Write down the days and times when you can study for at least twenty minutes.</li><li>Choose a quiet place and decide what you need: a charged phone, headphones, a notebook.</li><li>Set a goal for this week, for example “finish lesson 2 and take the quiz”.</li></ol>
<p>Share your plan in the discussion and read the plans of other learners. You may find some good ideas there.</p>`,
            question: 'What time of day will you study, and what will help you stick to your plan?',
          },
          {
            title: 'Check your understanding',
            description:
              '<p>Answer these four questions to check what you have learned so far. You need 80% to pass, and you can try as many times as you like.</p>',
            quiz: [
              {
                question: 'Which study pattern works best for most adult learners?',
                answers: [
                  'One long session per month',
                  'Short, regular sessions several times a week',
                  'Studying only the night before the exam',
                ],
                iscorrect: 2,
              },
              {
                question: 'What should you do after reading a text?',
                answers: [
                  'Write down two or three key points and a question',
                  'Close it and move on immediately',
                  'Read it again from the beginning three times',
                ],
                iscorrect: 1,
              },
              { question: 'What score do you need to pass a quiz or the exam?', answers: ['50%', '65%', '80%', '100%'], iscorrect: 3 },
              {
                question: 'Where can you download your certificate?',
                answers: ['From the home page', 'By e-mail before the course starts', 'From My Classes, after passing the exam'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
      {
        title: 'Learning with others',
        description: '<p>How to take part in discussions, give useful feedback and complete the course.</p>',
        materials: [
          {
            title: 'Taking part in discussions',
            description: `<p>Discussions let you learn from the experience of others. A good post is short, stays on topic and adds something new: an example from your own work, a question or a different point of view.</p>
<p>When you reply to someone, start by acknowledging what they said, then add your own thoughts. Be respectful, even when you disagree, and remember that other learners may be writing in a language that is not their first.</p>`,
            question: 'What is one thing you learned in this course that you will use in your work or studies?',
          },
          {
            title: 'Course feedback',
            description:
              '<p>Before the final exam, please tell us what you think of this course. The survey is anonymous and takes about two minutes.</p>',
          },
          {
            title: 'Final exam',
            description:
              '<p>This exam covers the whole course. You need at least 80% to pass and receive your certificate. Take your time; you can retake the exam if you need to.</p>',
            quiz: [
              {
                question: 'What is a lesson made of?',
                answers: ['Materials such as readings, activities and discussions', 'Only a video', 'Only a final exam'],
                iscorrect: 1,
              },
              {
                question: 'Which of these is an example of active reading?',
                answers: [
                  'Skimming the text as fast as possible',
                  'Summing up each paragraph in one sentence',
                  'Reading with the television on',
                ],
                iscorrect: 2,
              },
              {
                question: 'What makes a good discussion post?',
                answers: [
                  'It is long and covers many topics',
                  'It repeats what others have said',
                  'It is short, on topic and adds something new',
                ],
                iscorrect: 3,
              },
              {
                question: 'How should you reply when you disagree with someone?',
                answers: [
                  'Ignore their post',
                  'Acknowledge their point and explain your view respectfully',
                  'Ask the instructor to delete their post',
                ],
                iscorrect: 2,
              },
              {
                question: 'What is the advantage of a self-paced class?',
                answers: [
                  'You can start any time and study at your own speed',
                  'You never have to take the exam',
                  'An instructor marks every answer',
                ],
                iscorrect: 1,
              },
            ],
          },
        ],
      },
    ],
  },

  chb: {
    title: 'Community Health Basics',
    description: `<p>Health begins at home and in the community. This course introduces the main factors that shape the health of a community, simple ways to prevent common illnesses and how to talk with your neighbours about health.</p>
<ul><li>Three short lessons with practical activities</li><li>Quizzes and a final exam</li><li>A certificate when you pass</li></ul>
<p><em>This course provides general health education and does not replace the advice of a health professional.</em></p>`,
    description2:
      '<p>Developed with community health workers from several countries. Questions? <a href="/About#contact">Contact us</a>.</p>',
    lessons: [
      {
        title: 'What is community health?',
        description: '<p>The idea of community health and the factors that influence it.</p>',
        materials: [
          {
            title: 'Welcome to the course',
            description: `<p>Welcome to Community Health Basics. Community health is about the well-being of everyone who lives in a place, not only of individual patients. Volunteers, teachers, parents and local leaders all have a part to play.</p>
<p>In this course you will learn what keeps a community healthy, how to prevent some of the most common illnesses and how to share this knowledge with the people around you.</p>`,
          },
          {
            title: 'What shapes our health',
            description: `<p>Our health depends on much more than health services. Experts call these factors the <strong>determinants of health</strong>:</p>
<ul><li>Living conditions: housing, clean water, sanitation and safe food.</li><li>Education and income.</li><li>Support from family, friends and neighbours.</li><li>Access to health services when we need them.</li><li>Daily habits such as diet, physical activity and hygiene.</li></ul>
<p>A community can improve many of these factors itself.</p>`,
          },
          {
            title: 'Handwashing saves lives',
            description: `<p>Washing hands with soap and water is one of the simplest and most effective ways to prevent diarrhoea and respiratory infections. Wash for at least twenty seconds, covering the palms, the backs of the hands, between the fingers and under the nails.</p>
<p>The key moments are before preparing food, before eating, after using the toilet, after changing a baby’s nappy and after coughing or sneezing. Where there is no tap, a simple handwashing station made from a plastic container makes it easy.</p>`,
          },
        ],
      },
      {
        title: 'Preventing common illnesses',
        description: '<p>Safe water, hygiene and knowing your local resources: simple measures with a big effect.</p>',
        materials: [
          {
            title: 'Safe drinking water',
            description: `<p>Unsafe water spreads diseases such as cholera and typhoid. If you are not sure that water is safe, treat it before drinking: bring it to a rolling boil for one minute, use chlorine tablets as directed, or use a suitable filter.</p>
<p>Store treated water in a clean, covered container and take it out with a clean cup or through a tap, so that hands do not touch the water.</p>`,
          },
          {
            title: 'Map your community’s health resources',
            description: `<p>Draw a simple map of your neighbourhood or village. Mark the places that matter for health: water points, the health centre, the pharmacy, schools, markets and places where rubbish collects.</p>
<p>Then answer these questions: Where do people get their water? How far is the nearest health centre? What is missing? Share your findings in the discussion.</p>`,
            question: 'Which health resource is most needed in your community, and who could help to provide it?',
          },
          {
            title: 'Check your understanding',
            description: '<p>Four questions on the lessons so far. You need 80% to pass, and you can try again as often as you like.</p>',
            quiz: [
              {
                question: 'For how long should you wash your hands with soap?',
                answers: ['About five seconds', 'At least twenty seconds', 'Two minutes'],
                iscorrect: 2,
              },
              {
                question: 'How should you boil water to make it safe to drink?',
                answers: ['Until it is warm', 'For ten seconds', 'For one minute at a rolling boil'],
                iscorrect: 3,
              },
              {
                question: 'Which of these is a determinant of health?',
                answers: ['Access to clean water', 'The colour of your clothes', 'Your favourite music'],
                iscorrect: 1,
              },
              {
                question: 'How should treated water be stored?',
                answers: ['In an open bucket', 'In a clean, covered container', 'In the sun without a lid', 'In a used oil can'],
                iscorrect: 2,
              },
            ],
          },
        ],
      },
      {
        title: 'Health in the community',
        description: '<p>How to talk about health with others and take action together.</p>',
        materials: [
          {
            title: 'Talking about health with your neighbours',
            description: `<p>People change their habits when they trust the messenger and understand why it matters. Listen first: ask what people already know and what worries them. Use simple words, local examples and pictures rather than technical terms.</p>
<p>Focus on one or two practical actions at a time, such as washing hands before meals. Respect beliefs and privacy, and never share someone’s health information without their permission. When a question goes beyond what you know, refer the person to a health worker.</p>`,
            question:
              'Think of a health message you would like to share in your community. How would you explain it in a simple and respectful way?',
          },
          {
            title: 'Course feedback',
            description:
              '<p>Before the final exam, please tell us what you think of this course. The survey is anonymous and takes about two minutes.</p>',
          },
          {
            title: 'Final exam',
            description:
              '<p>This exam covers the whole course. You need at least 80% to pass and receive your certificate. You can retake it if you need to.</p>',
            quiz: [
              {
                question: 'What is community health about?',
                answers: [
                  'Only the treatment of individual patients',
                  'The well-being of everyone who lives in a place',
                  'Building hospitals',
                ],
                iscorrect: 2,
              },
              {
                question: 'Which of these is a key moment for handwashing?',
                answers: ['Before preparing food', 'After reading a book', 'Only before going to sleep'],
                iscorrect: 1,
              },
              {
                question: 'What is a good way to treat drinking water?',
                answers: ['Adding sugar', 'Leaving it to stand overnight', 'Boiling it for one minute'],
                iscorrect: 3,
              },
              {
                question: 'What should you do first when talking about health with your neighbours?',
                answers: [
                  'Give a long lecture',
                  'Listen to what they know and what worries them',
                  'Use as many technical terms as possible',
                ],
                iscorrect: 2,
              },
              {
                question: 'What should you do when a question goes beyond what you know?',
                answers: ['Guess the answer', 'Ignore the question', 'Refer the person to a health worker'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
    ],
  },

  survey: {
    title: 'Tell us what you think',
    description:
      '<p>Thank you for taking a moment to share your experience. Your answers are anonymous and help us improve our courses.</p>',
    description2: '<p>Thank you! Your answers have been received.</p>',
    questions: [
      'In one sentence, what did you find most useful?',
      'What could we improve? Tell us as much as you like.',
      'How many hours a week do you usually spend studying with us?',
      'How did you hear about Open Learning Commons?\nA friend or colleague\nOur website\nA newsletter\nSocial media\nOther',
      'Overall, how satisfied are you with our courses?\nVery satisfied\nSatisfied\nNeither satisfied nor dissatisfied\nDissatisfied',
    ],
  },
};
