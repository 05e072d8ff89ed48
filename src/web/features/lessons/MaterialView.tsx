/**
 * One material of a lesson: its title, required or optional, viewed tick, and its body by section
 * (text sections, a quiz or the exam, a survey); a discussion button when usebutton is 'yes'.
 * Reports itself seen once it has been in view, so the viewer records it.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LessonProgress, Material, User } from '../../../domain/types.ts';
import { surveyOf } from '../../../domain/first-calls.ts';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { LessonDiscussion, SurveyForm } from '../../lib/embeds.tsx';
import { SUCCESS_TEXT } from '../../lib/enrollment-ui.ts';
import { tk } from '../../lib/tk.ts';
import { useLatest } from '../../lib/use-latest.ts';
import { sectionLabel } from './sections.ts';
import { useContentLang } from '../../lib/content-lang.ts';

// The answer sheets (a form and its schema) load when a quiz or exam is shown, not with every lesson:
// most materials are reading, and the lesson's first screen should not wait for them.
const QuizView = lazy(() => import('./QuizView.tsx').then((m) => ({ default: m.QuizView })));
const ExamView = lazy(() => import('./ExamView.tsx').then((m) => ({ default: m.ExamView })));

interface Props {
  material: Material;
  /** The course's language: the material's own text is written in it. */
  courseLang?: string;
  courseId: string;
  lessonId: string;
  classId?: string;
  commentId?: string;
  user: User;
  progress?: LessonProgress;
  current: boolean;
  onSeen?: (materialId: string) => void;
  onCompleted?: () => void;
}

/** Calls `onSeen` once the element has reached the upper part of the viewport. */
function useSeen(ref: React.RefObject<HTMLElement | null>, id: string, onSeen?: (id: string) => void) {
  const cb = useLatest(onSeen);
  useEffect(() => {
    const el = ref.current;
    if (!el || !cb.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      cb.current(id);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          cb.current?.(id);
          io.disconnect();
        }
      },
      { rootMargin: '0px 0px -25% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, id, cb]);
}

export function MaterialView({
  material,
  courseLang,
  courseId,
  lessonId,
  classId,
  commentId,
  user,
  progress,
  current,
  onSeen,
  onCompleted,
}: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useSeen(ref, material._id, onSeen);
  const viewed = !!progress?.materials?.[material._id];
  const kind = material.section === 'Exam' ? 'exam' : material.section === 'Quiz' ? 'quiz' : null;
  const own = useContentLang(courseLang);
  const title = material.title || t(sectionLabel(material.section) || tk('Material'));
  const survey = surveyOf(material);

  return (
    <Paper
      component="section"
      ref={ref}
      id={material._id}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      className="lesson-material"
      aria-labelledby={`title-${material._id}`}
      data-material={material._id}
      data-section={material.section}
      data-current={current ? 'true' : 'false'}
      data-viewed={viewed ? 'true' : 'false'}
      style={current ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Group justify="space-between" align="center" gap="xs">
            <Text size="xs" tt="uppercase" fw={600} c="gray.7">
              {sectionLabel(material.section) ? t(sectionLabel(material.section)) : ''}
            </Text>
            <Group gap={6}>
              {viewed && (
                <Badge color="green" variant="light" c={SUCCESS_TEXT} leftSection={<IconCircleCheck size={14} aria-hidden />}>
                  {t('Viewed')}
                </Badge>
              )}
              <Badge color={material.required ? 'brand' : 'gray'} c={material.required ? 'brand.8' : 'dark.6'} variant="outline">
                {material.required ? t('Required') : t('Optional')}
              </Badge>
            </Group>
          </Group>
          <Title order={2} size="h3" id={`title-${material._id}`} {...(material.title ? own : {})}>
            {title}
          </Title>
        </Stack>
        {kind === 'exam' && classId ? (
          // An enrolled learner takes the exam as attempts on the server; others see a preview.
          <Suspense fallback={<Skeleton h={160} />}>
            <ExamView
              material={material}
              courseLang={courseLang}
              courseId={courseId}
              lessonId={lessonId}
              classId={classId}
              user={user}
              onCompleted={onCompleted}
            />
          </Suspense>
        ) : kind ? (
          <Suspense fallback={<Skeleton h={160} />}>
            <QuizView
              material={material}
              courseLang={courseLang}
              kind={kind}
              courseId={courseId}
              lessonId={lessonId}
              classId={classId}
              user={user}
              progress={progress}
              onCompleted={onCompleted}
            />
          </Suspense>
        ) : (
          <>
            <HtmlBody html={material.description} {...own} />
            <HtmlBody html={material.description1} {...own} />
            <HtmlBody html={material.description2} {...own} />
            {survey && (
              <Suspense fallback={<Skeleton h={160} />}>
                <SurveyForm
                  surveyId={survey}
                  context="lesson"
                  contextid={`${courseId}/${lessonId}/${material._id}`}
                  showTitle
                  titleOrder={3}
                />
              </Suspense>
            )}
          </>
        )}
        {material.usebutton === 'yes' && (
          <LessonDiscussion courseId={courseId} lessonId={lessonId} classId={classId ?? null} material={material} commentId={commentId} />
        )}
      </Stack>
    </Paper>
  );
}
