/** The rich-text field's props, shared by the field and its lazily loaded editor. */
export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  description?: string;
  error?: string;
  /** Context of images uploaded from the toolbar (a page or course id). */
  uploadContext?: string;
  minHeight?: number;
  testId?: string;
}
