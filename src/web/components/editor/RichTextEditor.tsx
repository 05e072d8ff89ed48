/**
 * The rich-text editor (spec 2, editor tools), on @mantine/tiptap: bold, italic, underline, image (URL
 * and style), link, alignment, lists, quote, H1 to H3, normal, font size Small/Normal/Large/Huge, and an
 * HTML mode (a textarea) with Format, Clean Up and Strip Tags. Its output keeps to what the server's
 * allow-list stores (inline font sizes and alignments, image width and float).
 *
 * Lazy chunk: loaded through RichTextField, never part of the public page's code.
 */
import '@mantine/tiptap/styles.css';
import { useId, useState } from 'react';
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  Input,
  NativeSelect,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import Image from '@tiptap/extension-image';
import { IconCode, IconLetterCase, IconPhoto, IconPilcrow } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { imageDialogSchema } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { tk } from '../../lib/tk.ts';
import { uploadFile } from '../../lib/data/content.ts';
import { classesToStyles, cleanUpHtml, formatHtml, isEmptyHtml, stripTags } from './html-tools.ts';
import type { RichTextFieldProps } from './rich-text-props.ts';

/** Toolbar font sizes as the inline styles the server keeps (Normal is no size at all). */
export const FONT_SIZES = [
  { label: tk('Small'), value: '0.75em' },
  { label: tk('Normal'), value: '' },
  { label: tk('Large'), value: '1.5em' },
  { label: tk('Huge'), value: '2.5em' },
] as const;
/** Sizes written by older editors, shown as the nearest toolbar size. */
const SIZE_ALIASES: Record<string, string> = {
  small: '0.75em',
  '1em': '',
  medium: '',
  large: '1.5em',
  'x-large': '1.5em',
  'xx-large': '2.5em',
};

/** An image with its inline style (width, float), kept inline in its paragraph as older content has it. */
const StyledImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      style: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('style'),
        renderHTML: (attrs: { style?: string | null }) => (attrs.style ? { style: attrs.style } : {}),
      },
    };
  },
}).configure({ inline: true, allowBase64: false });

const toHtml = (editor: Editor) => {
  const html = editor.getHTML();
  return isEmptyHtml(html) ? '' : html;
};

export default function RichTextEditorField({
  label,
  value,
  onChange,
  description,
  error,
  uploadContext,
  minHeight = 180,
  testId,
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [mode, setMode] = useState<'rich' | 'html'>('rich');
  const [source, setSource] = useState('');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] }, code: false, codeBlock: false }),
      // Links open in the same tab unless the editor asks for a new one (the server adds rel=noopener then).
      Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'], HTMLAttributes: { target: null, rel: null } }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      TextStyle,
      FontSize,
      StyledImage,
    ],
    content: classesToStyles(value ?? ''),
    onUpdate: ({ editor: e }) => onChange(toHtml(e)),
    editorProps: {
      attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true', 'data-testid': `${testId ?? 'rte'}-content` },
    },
  });

  const toHtmlMode = () => {
    setSource(formatHtml(editor ? toHtml(editor) : value));
    setMode('html');
  };
  const toRichMode = () => {
    editor?.commands.setContent(classesToStyles(source), { emitUpdate: false });
    if (editor) onChange(toHtml(editor));
    setMode('rich');
  };
  const setHtml = (html: string) => {
    setSource(html);
    onChange(isEmptyHtml(html) ? '' : html);
  };

  const labels = {
    boldControlLabel: t('Bold'),
    italicControlLabel: t('Italic'),
    underlineControlLabel: t('Underline'),
    linkControlLabel: t('Link'),
    unlinkControlLabel: t('Remove link'),
    bulletListControlLabel: t('Bulleted list'),
    orderedListControlLabel: t('Numbered list'),
    h1ControlLabel: t('Heading 1'),
    h2ControlLabel: t('Heading 2'),
    h3ControlLabel: t('Heading 3'),
    blockquoteControlLabel: t('Quote'),
    alignLeftControlLabel: t('Align left'),
    alignCenterControlLabel: t('Align center'),
    alignRightControlLabel: t('Align right'),
    alignJustifyControlLabel: t('Justify'),
    linkEditorInputLabel: t('Link address'),
    linkEditorInputPlaceholder: 'https://',
    linkEditorExternalLink: t('Open the link in a new tab'),
    linkEditorInternalLink: t('Open the link in the same tab'),
    linkEditorSave: t('Save'),
    undoControlLabel: t('Undo'),
    redoControlLabel: t('Redo'),
  };

  return (
    <Input.Wrapper
      label={<span id={labelId}>{label}</span>}
      labelElement="div"
      description={description}
      error={error}
      data-testid={testId}
    >
      <RichTextEditor editor={editor} labels={labels} variant="default" mt={4} className="rte" data-mode={mode}>
        <RichTextEditor.Toolbar sticky stickyOffset={60} aria-label={t('Formatting')}>
          {mode === 'rich' ? (
            <>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold data-testid="rte-bold" />
                <RichTextEditor.Italic data-testid="rte-italic" />
                <RichTextEditor.Underline data-testid="rte-underline" />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <NormalControl />
                <RichTextEditor.H1 data-testid="rte-h1" />
                <RichTextEditor.H2 data-testid="rte-h2" />
                <RichTextEditor.H3 data-testid="rte-h3" />
                <RichTextEditor.Blockquote data-testid="rte-blockquote" />
              </RichTextEditor.ControlsGroup>
              <FontSizeControl />
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList data-testid="rte-bulletlist" />
                <RichTextEditor.OrderedList data-testid="rte-orderedlist" />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.AlignLeft data-testid="rte-alignleft" />
                <RichTextEditor.AlignCenter data-testid="rte-aligncenter" />
                <RichTextEditor.AlignRight data-testid="rte-alignright" />
                <RichTextEditor.AlignJustify data-testid="rte-alignjustify" />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link data-testid="rte-link" />
                <RichTextEditor.Unlink data-testid="rte-unlink" />
                <ImageControl uploadContext={uploadContext} />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Undo data-testid="rte-undo" />
                <RichTextEditor.Redo data-testid="rte-redo" />
              </RichTextEditor.ControlsGroup>
            </>
          ) : (
            <Group gap={6} wrap="wrap">
              <Button size="compact-sm" variant="default" onClick={() => setHtml(formatHtml(source))}>
                {t('Format')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setHtml(cleanUpHtml(source))}>
                {t('Clean Up')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setHtml(stripTags(source))}>
                {t('Strip Tags')}
              </Button>
            </Group>
          )}
          <RichTextEditor.ControlsGroup ms="auto">
            <RichTextEditor.Control
              onClick={mode === 'rich' ? toHtmlMode : toRichMode}
              active={mode === 'html'}
              aria-pressed={mode === 'html'}
              aria-label={t('HTML')}
              title={mode === 'rich' ? t('Edit the HTML') : t('Back to the rich-text editor')}
              px={6}
              w="auto"
              data-testid="html-mode"
            >
              <IconCode size={16} aria-hidden />
              <Text span size="xs" ms={4} fw={600}>
                HTML
              </Text>
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        {mode === 'rich' ? (
          <RichTextEditor.Content mih={minHeight} className="rte-content" />
        ) : (
          <Textarea
            value={source}
            onChange={(e) => setHtml(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={30}
            aria-labelledby={labelId}
            spellCheck={false}
            dir="ltr"
            styles={{ input: { fontFamily: 'monospace', fontSize: 13, border: 0 } }}
            data-testid={`${testId ?? 'rte'}-html`}
          />
        )}
      </RichTextEditor>
    </Input.Wrapper>
  );
}

function NormalControl() {
  const { t } = useTranslation();
  const editor = useRichEditor();
  const active = useEditorState({ editor, selector: (s) => !!s.editor?.isActive('paragraph') });
  return (
    <RichTextEditor.Control
      onClick={() => editor?.chain().focus().setParagraph().run()}
      active={!!active}
      aria-label={t('Normal text')}
      title={t('Normal text')}
      data-testid="rte-normal"
    >
      <IconPilcrow size={16} aria-hidden />
    </RichTextEditor.Control>
  );
}

function FontSizeControl() {
  const { t } = useTranslation();
  const editor = useRichEditor();
  const current =
    useEditorState({
      editor,
      selector: (s) => {
        const size = String(s.editor?.getAttributes('textStyle').fontSize ?? '');
        return SIZE_ALIASES[size] ?? size;
      },
    }) ?? '';
  const set = (v: string) => {
    if (!editor) return;
    if (v) editor.chain().focus().setFontSize(v).run();
    else editor.chain().focus().unsetFontSize().run();
  };
  return (
    <NativeSelect
      size="xs"
      w={110}
      aria-label={t('Font size')}
      value={current}
      onChange={(e) => set(e.currentTarget.value)}
      leftSection={<IconLetterCase size={14} aria-hidden />}
      data-testid="font-size"
      data={FONT_SIZES.map((s) => ({ value: s.value, label: t(s.label) }))}
    />
  );
}

const IMAGE_SCHEMA = imageDialogSchema({
  width: tk('Please use a size such as 300px or 50%.'),
  altRequired: tk('Please describe the image, or mark it as decorative.'),
});
interface ImageValues {
  src: string;
  alt: string;
  decorative: boolean;
  width: string;
}
const NO_IMAGE: ImageValues = { src: '', alt: '', decorative: false, width: '' };

/** Inserts or edits an image: its address (or an uploaded file), description, width and position. */
function ImageControl({ uploadContext }: { uploadContext?: string }) {
  const { t } = useTranslation();
  const editor = useRichEditor();
  const [open, setOpen] = useState(false);
  // A refusal stays until Apply is pressed again (or, for the description, the image is marked decorative).
  const form = useForm<ImageValues>({
    initialValues: NO_IMAGE,
    clearInputErrorOnChange: false,
    validate: (v) => zodErrors(IMAGE_SCHEMA, v),
  });
  const { alt, decorative } = form.values;
  const [float, setFloat] = useState('none');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const selected = useEditorState({ editor, selector: (s) => !!s.editor?.isActive('image') });

  const start = () => {
    const attrs = selected && editor ? editor.getAttributes('image') : {};
    const style = String(attrs.style ?? '');
    form.setValues({
      src: String(attrs.src ?? ''),
      alt: String(attrs.alt ?? ''),
      decorative: !!selected && attrs.alt === '',
      width: /width:\s*([^;]+)/.exec(style)?.[1]?.trim() ?? '',
    });
    setFloat(/float:\s*(left|right)/.exec(style)?.[1] ?? 'none');
    form.clearErrors();
    setUploadError(null);
    setOpen((o) => !o);
  };
  // Not a form element: the dialog sits inside the editor, which may itself be inside a form.
  const apply = form.onSubmit((v) => {
    if (!editor) return;
    const url = v.src.trim();
    const w = v.width.trim();
    const style = [w ? `width: ${w}` : '', float !== 'none' ? `float: ${float}` : ''].filter(Boolean).join('; ') || null;
    const attrs = { src: url, alt: v.decorative ? '' : v.alt.trim(), style };
    if (selected) editor.chain().focus().updateAttributes('image', attrs).run();
    else editor.chain().focus().insertContent({ type: 'image', attrs }).run();
    setOpen(false);
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(file, uploadContext || 'editor'),
    onMutate: () => {
      form.clearErrors();
      setUploadError(null);
    },
    onSuccess: (rec) => {
      form.setFieldValue('src', rec.url);
      if (!form.getValues().alt) form.setFieldValue('alt', rec.title ?? '');
    },
    onError: (err) => setUploadError(err instanceof ApiError ? err.message : MSG.formError),
  });

  return (
    <Popover opened={open} onChange={setOpen} width={320} position="bottom" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <RichTextEditor.Control
          onClick={start}
          active={!!selected}
          aria-label={t('Image')}
          title={t('Image')}
          aria-expanded={open}
          data-testid="image-control"
        >
          <IconPhoto size={16} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label={t('Image address')}
            {...form.getInputProps('src')}
            placeholder="https://"
            error={fieldError(t, form.errors, 'src')}
            data-autofocus
          />
          <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={upload.isPending}>
                {t('Upload an image')}
              </Button>
            )}
          </FileButton>
          {uploadError && (
            <Text c="red" size="xs" role="alert">
              {t(uploadError)}
            </Text>
          )}
          <TextInput
            label={t('Description for screen readers')}
            value={decorative ? '' : alt}
            disabled={decorative}
            required={!decorative}
            onChange={(e) => form.setFieldValue('alt', e.currentTarget.value)}
            error={fieldError(t, form.errors, 'alt')}
            data-testid="image-alt"
          />
          <Checkbox
            label={t('Decorative image (screen readers skip it)')}
            checked={decorative}
            data-testid="image-decorative"
            onChange={(e) => {
              form.setFieldValue('decorative', e.currentTarget.checked);
              form.clearFieldError('alt');
            }}
          />
          <TextInput
            label={t('Width')}
            description={t('For example 300px or 50%')}
            {...form.getInputProps('width')}
            error={fieldError(t, form.errors, 'width')}
          />
          <Input.Wrapper label={t('Position')} labelElement="div">
            <SegmentedControl
              fullWidth
              size="xs"
              value={float}
              onChange={setFloat}
              mt={4}
              data={[
                { value: 'none', label: t('In the text') },
                { value: 'left', label: t('Left') },
                { value: 'right', label: t('Right') },
              ]}
            />
          </Input.Wrapper>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button size="xs" onClick={() => apply()}>
              {selected ? t('Update image') : t('Insert image')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The editor of the surrounding RichTextEditor (Mantine's context). */
function useRichEditor(): Editor | null {
  return useRichTextEditorContext().editor;
}
