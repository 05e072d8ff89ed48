/** Which feature provides each piece that another feature's screen shows (see lib/embeds.tsx). */
import { lazy } from 'react';
import type { Embeds } from '../lib/embeds.tsx';
import { CommentsPanel, LessonDiscussion } from '../features/comments/index.ts';
import { SurveyBlock } from '../features/surveys/index.ts';
import { KeepCourse } from '../features/offline/KeepCourse.tsx';

export const embeds: Embeds = {
  LessonDiscussion,
  CommentsPanel,
  SurveyBlock,
  // Loaded on demand: the screens that show these wrap them in Suspense.
  SurveyForm: lazy(() => import('../features/surveys/SurveyForm.tsx')),
  RegistrationForm: lazy(() => import('../features/auth/RegistrationForm.tsx')),
  EnrollPanel: lazy(() => import('../features/enrollment/EnrollPanel.tsx')),
  EnrollmentPanel: lazy(() => import('../features/enrollment/EnrollmentPanel.tsx')),
  SessionsPanel: lazy(() => import('../features/sessions/SessionsPanel.tsx')),
  TwoFactorPanel: lazy(() => import('../features/sessions/TwoFactorPanel.tsx')),
  MyDataPanel: lazy(() => import('../features/privacy/MyDataPanel.tsx')),
  DeleteAccountPanel: lazy(() => import('../features/privacy/DeleteAccountPanel.tsx')),
  KeepCourse,
  // Its table (with Mantine's scroll area and floating-ui under it) is not needed by any first screen.
  KeptCourses: lazy(() => import('../features/offline/KeptCourses.tsx').then((m) => ({ default: m.KeptCourses }))),
  preloadLessonScreens: () =>
    Promise.all([
      import('../features/lessons/LessonPage.tsx'),
      // A kept course's quizzes are taken offline too, and its exam says offline that it needs the server.
      import('../features/lessons/QuizView.tsx'),
      import('../features/lessons/ExamView.tsx'),
      import('../features/surveys/SurveyForm.tsx'),
      import('../features/comments/LessonDiscussion.tsx'),
      import('../features/comments/CommentsPage.tsx'),
      import('../features/comments/editor/RichTextInput.tsx'),
    ]),
};
