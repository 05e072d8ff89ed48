/**
 * The report tables of the admin's Reports screen: their ids and columns in order, shared by the server
 * (which fills and pages them) and the web app's one table component (which shows and exports them).
 */

export interface ReportColumn {
  key: string;
  /** English heading, translated where shown. */
  label: string;
  /** Sorted as a number and aligned to the end. */
  numeric?: true;
}

const col = (key: string, label: string): ReportColumn => ({ key, label });
const num = (key: string, label: string): ReportColumn => ({ key, label, numeric: true });

export const REPORT_TABLES = {
  enrollments: [
    col('course', 'Course ID'),
    col('coursetitle', 'Course'),
    col('classid', 'Class ID'),
    col('classname', 'Class'),
    col('instructor', 'Instructor'),
    col('selfpaced', 'Self-paced'),
    num('enrolled', 'Enrolled'),
    num('completed', 'Completed'),
    col('lastregistration', 'Last registration'),
  ],
  completions: [
    col('course', 'Course ID'),
    col('title', 'Course'),
    col('lang', 'Language'),
    num('enrolled', 'Enrolled'),
    num('completed', 'Completed'),
    num('rate', 'Completion rate (%)'),
    num('averageprogress', 'Average progress (%)'),
  ],
  exams: [
    col('course', 'Course ID'),
    col('title', 'Course'),
    num('learners', 'Learners who took the exam'),
    num('passedlearners', 'Learners who passed'),
    num('passrate', 'Learner pass rate (%)'),
    num('attempts', 'Attempts'),
    num('attemptpassrate', 'Attempt pass rate (%)'),
    num('averagescore', 'Average score (%)'),
  ],
  quizscores: [col('bucket', 'Score (%)'), num('learners', 'Learners (latest score per quiz)'), num('attempts', 'Attempts')],
  surveys: [
    col('survey', 'Survey ID'),
    col('title', 'Survey'),
    col('lang', 'Language'),
    col('status', 'Status'),
    num('responses', 'Responses'),
    col('lastresponse', 'Last response'),
  ],
} as const satisfies Record<string, readonly ReportColumn[]>;

export type ReportTableId = keyof typeof REPORT_TABLES;
export const isReportTable = (id: string): id is ReportTableId => Object.hasOwn(REPORT_TABLES, id);

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;
