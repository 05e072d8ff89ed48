/** Shapes of the translatable demo texts. Each language file fills the same shapes; the builders add ids,
 * orders, subtypes and links, so every language gets exactly the same structure. */

export type Lang = 'en' | 'es' | 'pt' | 'fr' | 'ar' | 'de';
export const LANGS: Lang[] = ['en', 'es', 'pt', 'fr', 'ar', 'de'];

export interface CardText {
  title: string;
  description: string;
}

export interface BlockText {
  title?: string;
  /** HTML body. */
  body?: string;
  /** Alternate HTML body (for blocks with a condition: the text signed-in users see). */
  body2?: string;
  /** Items of a cards or accordion block. */
  cards?: CardText[];
}

export interface PageText {
  title: string;
  /** Meta description. */
  meta: string;
  blocks: Record<string, BlockText>;
}

export type PageId =
  | 'home'
  | 'HowItWorks'
  | 'Courses'
  | 'Resources'
  | 'About'
  | 'Terms_of_Use'
  | 'OptOutPreferences'
  | 'German'
  | 'page-not-found'
  | 'Privacy';

export type PageSet = Record<PageId, PageText>;

export interface QuizText {
  question: string;
  answers: string[];
  iscorrect: number;
}

export interface MaterialText {
  title: string;
  /** HTML teaching text. */
  description: string;
  /** Discussion question, for materials with a discussion button. */
  question?: string;
  quiz?: QuizText[];
}

export interface LessonText {
  title: string;
  description: string;
  materials: MaterialText[];
}

export interface CourseText {
  title: string;
  description: string;
  description2: string;
  lessons: LessonText[];
}

export interface SurveyText {
  title: string;
  description: string;
  description2: string;
  /** In the order textfield, text, numeric, select, choice. */
  questions: [string, string, string, string, string];
}

export interface LanguageCourseSet {
  selfPacedName: string;
  selfPacedDescription: string;
  timerequired: string;
  iol: CourseText;
  chb: CourseText;
  survey: SurveyText;
}
