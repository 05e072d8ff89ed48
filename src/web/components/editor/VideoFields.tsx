/** A text-and-video block's video (or image) and where it stands, as the block editor and the content panel both edit it. */
import { Input, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';

export function VideoFields({
  draft,
  set,
  err,
}: {
  draft: Content;
  set: <K extends keyof Content>(key: K, value: Content[K]) => void;
  /** The translated message of a field, if any. */
  err: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('Video or image')}
        description={t('A YouTube or Vimeo link, or the address of an image')}
        placeholder="https://"
        value={draft.video ?? ''}
        onChange={(e) => set('video', e.currentTarget.value)}
        error={err('video')}
      />
      <Input.Wrapper label={t('Video position')} labelElement="div">
        <SegmentedControl
          mt={4}
          fullWidth
          value={draft.videoplacement === 'solo' ? 'solo' : 'other'}
          onChange={(v) => set('videoplacement', v as Content['videoplacement'])}
          data={[
            { value: 'other', label: t('Beside the text') },
            { value: 'solo', label: t('Above the text') },
          ]}
        />
      </Input.Wrapper>
    </SimpleGrid>
  );
}
