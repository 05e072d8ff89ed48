/**
 * A small rich-text field for posts and replies (lazy chunk: Tiptap loads only when a form opens).
 * Bold, italic, underline, lists, quote and links; the server cleans the html with its allow-list.
 * The editable area is a labelled textbox, so it is reached and announced like any other field.
 */
import { useEffect, useId } from 'react';
import { useLatest } from '../../../lib/use-latest.ts';
import { Input } from '@mantine/core';
import { RichTextEditor, Link } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import '@mantine/tiptap/styles.css';

export interface RichTextInputProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  /** Focus the editor once it is ready (a reply or edit form just opened). */
  autoFocus?: boolean;
  testId?: string;
  minHeight?: number;
}

/** Tiptap's empty document. */
const EMPTY = '<p></p>';

export default function RichTextInput({ label, value, onChange, error, autoFocus, testId, minHeight = 110 }: RichTextInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  // The latest onChange, whatever render the editor's update callback was made in.
  const changed = useLatest(onChange);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: false, codeBlock: false, horizontalRule: false }), Link],
    content: value || '',
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      changed.current(html === EMPTY ? '' : html);
    },
  });

  // A value set from outside (a form reset after posting, another post to edit) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if ((value || EMPTY) !== current && !(value === '' && current === EMPTY))
      editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': error ? 'true' : 'false',
          ...(error ? { 'aria-describedby': errorId } : {}),
        },
      },
    });
  }, [editor, error, errorId]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: `${id}-label`, onClick: () => editor?.commands.focus() }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        variant="subtle"
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        labels={{
          boldControlLabel: t('Bold'),
          italicControlLabel: t('Italic'),
          underlineControlLabel: t('Underline'),
          bulletListControlLabel: t('Bulleted list'),
          orderedListControlLabel: t('Numbered list'),
          blockquoteControlLabel: t('Quote'),
          linkControlLabel: t('Link'),
          unlinkControlLabel: t('Remove link'),
          linkEditorInputLabel: t('Link address'),
          linkEditorInputPlaceholder: 'https://example.org/',
          linkEditorSave: t('Save'),
          linkEditorExternalLink: t('Open the link in a new tab'),
          linkEditorInternalLink: t('Open the link in the same tab'),
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
