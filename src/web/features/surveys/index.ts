/**
 * What other screens use of surveys, each loaded on demand: the content page's survey block, a survey
 * to answer (e.g. a lesson material of section Survey) and the admins' responses view.
 */
import { createElement, lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { Content } from '../../../domain/types.ts';
import type { SurveyFormProps } from './SurveyForm.tsx';

export type { SurveyFormProps } from './SurveyForm.tsx';

const SurveyBlockLazy = lazy(() => import('./SurveyBlock.tsx'));
const SurveyFormLazy = lazy(() => import('./SurveyForm.tsx'));
const SurveyResponsesLazy = lazy(() => import('./responses/SurveyResponses.tsx'));

const fallback = createElement(Skeleton, { h: 160 });

/** The content page's survey block: `block.after` names the survey; editors get its settings. */
export function SurveyBlock(props: { block: Content; editing?: boolean }) {
  return createElement(Suspense, { fallback }, createElement(SurveyBlockLazy, props));
}

/** A survey to answer: `<SurveyForm surveyId context? contextid? showTitle? />`. */
export function SurveyForm(props: SurveyFormProps) {
  return createElement(Suspense, { fallback }, createElement(SurveyFormLazy, props));
}

/** A survey's responses with the CSV download (admins only): `<SurveyResponses surveyId />`. */
export function SurveyResponses(props: { surveyId: string }) {
  return createElement(Suspense, { fallback }, createElement(SurveyResponsesLazy, props));
}
