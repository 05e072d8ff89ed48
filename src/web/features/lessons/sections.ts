import { tk } from '../../lib/tk.ts';

/** The spec's material sections, as shown above each material's title ('block' has no label). */
const SECTION_LABELS: Record<string, string> = {
  Introduction: tk('Introduction'),
  Presentation: tk('Presentation'),
  Article: tk('Article'),
  Application: tk('Application'),
  Text: tk('Text'),
  Quiz: tk('Quiz'),
  Exam: tk('Exam'),
  Survey: tk('Survey'),
  block: '',
};
export const sectionLabel = (section: string) => SECTION_LABELS[section] ?? section;
