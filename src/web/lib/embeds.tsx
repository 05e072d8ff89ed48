/**
 * Pieces of one feature shown inside another's screen (a lesson's discussion, a content page's survey).
 * Features do not import each other, so the embedding screen renders the stand-in exported here and the
 * app (src/web/app/embeds.ts) says which feature provides it. The props are the contract between both sides.
 */
import { createContext, createElement, useContext, type ComponentType } from 'react';
import type { Content, Material } from '../../domain/types.ts';

export interface LessonDiscussionProps {
  courseId: string;
  lessonId: string;
  /** The class of the lesson route; undefined or the word none for a discussion without a class. */
  classId?: string | null;
  /** The material shown; with usebutton 'yes' its question and the discussion button appear. */
  material?: Pick<Material, 'usebutton' | 'question' | '_id'> | null;
  /** A post to scroll to and highlight (the lesson route's commentid). */
  commentId?: string;
}

export interface SurveyFormProps {
  surveyId: string;
  /** Where it was answered (content block or material), stored with the response. */
  context?: string;
  contextid?: string;
  /** Show the survey's own title (when the surrounding block has none). */
  showTitle?: boolean;
  titleOrder?: 2 | 3;
}

export interface RegistrationFormProps {
  regpath?: string;
  regsubid?: string;
  classId?: string;
  courseId?: string;
  /** A private group's registration code: with it the new account is enrolled in that class. */
  regcode?: string;
  onRegistered?: () => void;
}

export interface Embeds {
  /** A lesson's question, discussion button and newest posts. */
  LessonDiscussion: ComponentType<LessonDiscussionProps>;
  /** The account's comments panel: the user's posts (or, for admins, `userId`'s), newest first. */
  CommentsPanel: ComponentType<{ userId?: string }>;
  /** The content page's survey block: `block.after` names the survey; editors get its settings. */
  SurveyBlock: ComponentType<{ block: Content; editing?: boolean }>;
  /** A survey to answer (e.g. a lesson material of section Survey). */
  SurveyForm: ComponentType<SurveyFormProps>;
  /** The registration form, on a content page's register block or when enrolling signed out. */
  RegistrationForm: ComponentType<RegistrationFormProps>;
  // The account page's panels that belong to other areas; each loads on demand (wrap in Suspense).
  EnrollPanel: ComponentType<{ courseId?: string }>;
  EnrollmentPanel: ComponentType<{ userId: string; self: boolean }>;
  SessionsPanel: ComponentType;
  TwoFactorPanel: ComponentType;
  MyDataPanel: ComponentType;
  DeleteAccountPanel: ComponentType;
  /** 'Keep this course on this device' on a course page. */
  KeepCourse: ComponentType<{ courseId: string; title: string }>;
  /** The account's list of kept courses; loads on demand (wrap in Suspense). */
  KeptCourses: ComponentType;
  /** Loads the code of the lesson screen and what it may show, so a kept lesson opens offline. */
  preloadLessonScreens: () => Promise<unknown>;
}

const EmbedsContext = createContext<Embeds | null>(null);
export const EmbedsProvider = EmbedsContext.Provider;

function useEmbeds(): Embeds {
  const embeds = useContext(EmbedsContext);
  if (!embeds) throw new Error('EmbedsProvider is missing around the app');
  return embeds;
}

export const LessonDiscussion = (props: LessonDiscussionProps) => createElement(useEmbeds().LessonDiscussion, props);
export const CommentsPanel = (props: { userId?: string }) => createElement(useEmbeds().CommentsPanel, props);
export const SurveyBlock = (props: { block: Content; editing?: boolean }) => createElement(useEmbeds().SurveyBlock, props);
export const SurveyForm = (props: SurveyFormProps) => createElement(useEmbeds().SurveyForm, props);
export const RegistrationForm = (props: RegistrationFormProps) => createElement(useEmbeds().RegistrationForm, props);
export const EnrollPanel = (props: { courseId?: string }) => createElement(useEmbeds().EnrollPanel, props);
export const EnrollmentPanel = (props: { userId: string; self: boolean }) => createElement(useEmbeds().EnrollmentPanel, props);
export const SessionsPanel = () => createElement(useEmbeds().SessionsPanel);
export const TwoFactorPanel = () => createElement(useEmbeds().TwoFactorPanel);
export const MyDataPanel = () => createElement(useEmbeds().MyDataPanel);
export const DeleteAccountPanel = () => createElement(useEmbeds().DeleteAccountPanel);
export const KeepCourse = (props: { courseId: string; title: string }) => createElement(useEmbeds().KeepCourse, props);
export const KeptCourses = () => createElement(useEmbeds().KeptCourses);
export const usePreloadLessonScreens = () => useEmbeds().preloadLessonScreens;
