import type { PageSet } from '../text-types.ts';

export const en: PageSet = {
  home: {
    title: 'Home',
    meta: 'Open Learning Commons offers free online courses in six languages for community workers, volunteers and lifelong learners.',
    blocks: {
      banner: {
        title: 'Learn at your own pace, in your own language',
        body: '<p>Free courses for people who serve their communities.</p>',
      },
      intro: {
        body: `<h2>Welcome to Open Learning Commons</h2>
<p>We are a non-profit organisation that makes practical, high-quality training available to everyone, free of charge. Our courses are written by experienced practitioners and reviewed by educators, and every course is offered in English, Spanish, Portuguese, French, Arabic and German.</p>
<p>Study on your own schedule, or join a group led by an instructor. Each course is made of short lessons with readings, activities and quizzes, and ends with an exam. When you pass, you receive a certificate you can share.</p>`,
      },
      welcome: {
        body: `<h2>Welcome back!</h2>
<p>Good to see you again. Pick up where you left off from <a href="/users/profile/enrollment">My Classes</a>, or browse the <a href="/Courses">course catalogue</a> to start something new.</p>`,
        body2: `<h2>New here?</h2>
<p>Creating an account takes less than a minute. With an account you can enrol in courses, keep track of your progress, join discussions with other learners and earn certificates.</p>
<p><a href="/register">Create your free account</a> or <a href="/login">log in</a> if you already have one.</p>`,
      },
      cards: {
        title: 'Start here',
        cards: [
          {
            title: 'Browse the courses',
            description: '<p>Short, practical courses on online learning and community health, each with a certificate.</p>',
          },
          { title: 'How it works', description: '<p>Register, enrol in a class and learn at your own pace or with a group.</p>' },
          { title: 'Resources', description: '<p>Study tips, guides and a short survey to help us improve.</p>' },
          { title: 'About us', description: '<p>Who we are, why we do this work and how to reach us.</p>' },
        ],
      },
      courses: {
        title: 'Our courses',
        body: '<p>Choose a course to see its lessons and join a class.</p>',
      },
      register: {
        title: 'Create your free account',
        body: '<p>Join thousands of learners around the world. Registration is free and we never sell your data.</p>',
      },
      languages: {
        title: 'Choose your language',
        body: '<p>All our pages and courses are available in these languages.</p>',
      },
    },
  },

  HowItWorks: {
    title: 'How It Works',
    meta: 'Learn how to register, enrol in a course and earn a certificate with Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>How it works</h2>
<p>Learning with us is simple. Everything is free, and you only need a web browser and an e-mail address. Follow the three steps below to get started.</p>`,
      },
      steps: {
        title: 'Three steps to your certificate',
        cards: [
          {
            title: '1. Register',
            description: '<p>Create a free account with your name and e-mail address. It takes less than a minute.</p>',
          },
          {
            title: '2. Enrol in a course',
            description: '<p>Choose a course and join a class: study at your own pace, or enter the code your instructor gave you.</p>',
          },
          {
            title: '3. Learn and get certified',
            description: '<p>Work through the lessons, take the quizzes and pass the final exam to receive your certificate.</p>',
          },
        ],
      },
      groups: {
        body: `<h2>Self-paced or in a group?</h2>
<p>Every course can be taken in two ways. In a <strong>self-paced class</strong> you start whenever you like and study at your own speed. In a <strong>private group</strong> an instructor guides a cohort of learners through the course over a few weeks, and the group discusses each lesson together.</p>
<p>To join a group, ask your instructor for the eight-character registration code and enter it when you enrol.</p>`,
      },
      faq: {
        title: 'Frequently asked questions',
        cards: [
          {
            title: 'Do the courses cost anything?',
            description: '<p>No. All courses and certificates are free. Our work is funded by donations and grants.</p>',
          },
          {
            title: 'How long does a course take?',
            description:
              '<p>Most courses take about three hours of study. In a self-paced class you can spread that over as many days as you need.</p>',
          },
          {
            title: 'What do I need to pass?',
            description:
              '<p>You need a score of at least 80% on the final exam. You can retake quizzes and the exam as often as you like.</p>',
          },
          {
            title: 'Can I change the language?',
            description:
              '<p>Yes. Use the language menu at the top of the page. Your progress is kept for each language version of a course.</p>',
          },
          {
            title: 'I forgot my password. What can I do?',
            description:
              '<p>Use the <a href="/passwordreset">password reset</a> form. We will send a temporary password to your e-mail address.</p>',
          },
        ],
      },
    },
  },

  Courses: {
    title: 'Courses',
    meta: 'Free online courses with certificates from Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Courses</h2>
<p>All our courses are free, open to everyone and available in six languages. Choose a course below to see its lessons, then join a class to begin.</p>`,
      },
      list: {
        title: 'Available courses',
      },
      groups: {
        body: `<h2>Studying with a group?</h2>
<p>If your organisation or instructor has set up a private class, you will receive a registration code. Open the course, choose <em>Join This Course</em>, select <em>Private group</em> and enter your code.</p>`,
      },
    },
  },

  Resources: {
    title: 'Resources',
    meta: 'Study guides, tips and useful links for learners of Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Resources</h2>
<p>Here you will find material to help you make the most of your studies.</p>
<ul>
<li><a href="/HowItWorks">How our courses work</a>, step by step</li>
<li><a href="/Courses">The course catalogue</a> with all current courses</li>
<li><a href="https://www.example.org/en/library">Our online library</a> of guides and handouts</li>
</ul>`,
      },
      tips: {
        body: `<h2>Tips for studying online</h2>
<ul>
<li>Set aside a regular time for study, even if it is only twenty minutes a day.</li>
<li>Find a quiet place and silence notifications while you read.</li>
<li>Take notes in your own words; it helps you remember.</li>
<li>Join the discussions: explaining an idea to others is the best way to learn it.</li>
<li>Do not worry about mistakes in the quizzes. You can always try again.</li>
</ul>`,
      },
      survey: {
        title: 'Tell us what you think',
        body: '<p>Your feedback helps us improve our courses. The survey takes about two minutes.</p>',
      },
    },
  },

  About: {
    title: 'About',
    meta: 'Open Learning Commons is a non-profit organisation offering free training in six languages.',
    blocks: {
      story: {
        body: `<h2>About Open Learning Commons</h2>
<p>Open Learning Commons is an independent non-profit organisation. We believe that good training should not depend on where you live, what language you speak or how much you can pay. Since our founding, we have offered every course free of charge.</p>
<p>Our story began with a small group of teachers, nurses and community organisers who shared their training materials with colleagues in other countries. The materials were photocopied, translated by volunteers and passed from hand to hand. We soon realised that an online platform could reach far more people.</p>
<p>Today our learners include health volunteers, teachers, parents, students and staff of local organisations. Many of them study on a mobile phone with a slow connection, so we keep our lessons short, light and easy to read.</p>
<p>Every course is written by practitioners with years of field experience and reviewed by educators before publication. We test each lesson with real learners and revise it based on their feedback and on the results of quizzes and surveys.</p>
<p>Language matters to us. Our courses are available in English, Spanish, Portuguese, French, Arabic and German. Translations are done by professional translators and checked by native speakers who work in the field, so that the terms we use are the terms people actually use.</p>
<p>We work with partner organisations that form study groups, provide instructors and help learners apply what they learn. Instructors can create private classes for their groups and follow the progress of each participant.</p>
<p>Our work is funded by individual donations, foundations and in-kind contributions. We do not show advertisements and we never sell personal data. Our annual report and financial statements are published on our website.</p>
<p>We respect your privacy. We only collect the information needed to run your account and issue certificates, and you decide whether optional cookies are used. You can read more on our <a href="/OptOutPreferences">cookie preferences</a> page and in our <a href="/Terms_of_Use">terms of use</a>.</p>
<p>Would you like to help? We welcome volunteers as translators, reviewers and instructors. Write to us and tell us a little about yourself.</p>`,
      },
      contact: {
        body: `<h2 id="contact">Contact us</h2>
<p>E-mail: <a href="mailto:info@example.org">info@example.org</a><br>Postal address: Open Learning Commons, 12 Example Street, 1000 Example City</p>
<p>We answer messages in all six of our languages, usually within three working days.</p>`,
      },
    },
  },

  Terms_of_Use: {
    title: 'Terms of Use',
    meta: 'Terms of use of the Open Learning Commons learning platform.',
    blocks: {
      terms: {
        body: `<h2>Terms of Use</h2>
<p>By creating an account or using this website you agree to these terms. Please read them carefully.</p>
<h3>1. The service</h3>
<p>Open Learning Commons provides online courses free of charge for personal and non-commercial educational use. We may change or withdraw courses at any time.</p>
<h3>2. Your account</h3>
<p>You are responsible for keeping your password secret and for the activity on your account. The information you give us must be accurate. You may close your account at any time by writing to us.</p>
<h3>3. Respectful participation</h3>
<p>In discussions, be respectful and constructive. Do not post content that is unlawful, offensive or that infringes the rights of others. We may remove such content and suspend accounts that break these rules.</p>
<h3>4. Content and licences</h3>
<p>Course materials are protected by copyright. You may use them for your own learning and share them for non-commercial educational purposes, with attribution to Open Learning Commons.</p>
<h3>5. Privacy</h3>
<p>We process your personal data only to provide the service, as explained on our <a href="/OptOutPreferences">cookie preferences</a> page. We never sell your data.</p>
<h3>6. Liability</h3>
<p>The courses are provided for general education and do not replace professional advice. We do our best to keep the service available and accurate but cannot guarantee that it is free of errors or interruptions.</p>
<p>Questions about these terms? <a href="/About#contact">Contact us</a>.</p>`,
      },
    },
  },

  OptOutPreferences: {
    title: 'Cookie preferences',
    meta: 'How Open Learning Commons uses cookies and how you can choose.',
    blocks: {
      cookies: {
        body: `<h2>Cookie preferences</h2>
<p>Cookies are small text files that a website stores in your browser. We use as few as possible.</p>
<h3>Necessary cookies</h3>
<p>These keep you signed in and remember your language. The site cannot work without them, so they are always on. They are never used to track you.</p>
<h3>Optional cookies</h3>
<p>Some pages embed videos or use services from other companies, which may set their own cookies and measure how the site is used. These are only active if you opt in.</p>
<h3>Your choice</h3>
<p>Use the buttons on this page to opt in or opt out of optional cookies. You can change your mind at any time by returning to this page, which is linked at the bottom of every page. Your choice is saved in your browser and, when you are signed in, in your account.</p>`,
      },
    },
  },

  German: {
    title: 'German',
    meta: 'Open Learning Commons for German speakers: courses and pages in German.',
    blocks: {
      welcome: {
        body: `<h2>Welcome, German speakers</h2>
<p>All our courses and pages are also available in German. This page is the starting point for learners who prefer to study in German.</p>
<p>To switch the whole site to German, choose <em>Deutsch</em> in the language menu at the top of the page.</p>`,
      },
      start: {
        body: `<h2>Getting started</h2>
<ul>
<li><a href="/Courses">Browse the courses</a> and open the German version of a course.</li>
<li>Join the self-paced class in German and start with the first lesson.</li>
<li>Questions? <a href="/About#contact">Write to us</a>; we answer in German too.</li>
</ul>`,
      },
    },
  },

  'page-not-found': {
    title: 'Page not found',
    meta: 'The page you requested could not be found.',
    blocks: {
      notfound: {
        body: `<h2>Page not found</h2>
<p>Sorry, we could not find the page you were looking for. It may have been moved or removed.</p>
<p><a href="/">Go to the home page</a> or <a href="/Courses">browse our courses</a>.</p>`,
      },
    },
  },
  Privacy: {
    title: 'Privacy notice',
    meta: 'How Open Learning Commons uses the personal data of its learners, and your rights.',
    blocks: {
      notice: {
        body: `<h2>Privacy notice</h2>
<p>Open Learning Commons is a non-profit training organisation. This notice explains what personal data we keep about you, why, and what you can do about it.</p>
<h3>What we keep</h3>
<p>Your account and profile (name, e-mail address and the details you choose to give), your enrolments and progress, your quiz and exam answers, your certificates, your posts and replies, the survey answers you give while signed in, your sessions and your cookie choice, and a list of the e-mails we sent you.</p>
<h3>Why</h3>
<p>To run your account, follow your progress and issue certificates that others can check. We never sell your data.</p>
<h3>Your rights</h3>
<p>In your account area you can download a copy of everything we keep about you (Download my data) and delete your account (Delete my account). After a deletion, certificates you earned can still be checked by their code, without your name, and your posts stay as written by a former learner.</p>
<h3>How long</h3>
<p>Accounts are kept while they are used. The organisation may set a period after which inactive accounts are removed; you will be warned by e-mail 30 days before.</p>
<h3>Contact</h3>
<p>Questions about your data: write to us through the contact details on our About page.</p>`,
      },
    },
  },
};
