/**
 * Video of a block: an image, a direct video file, or a video site's player. Third-party players load
 * only when the reader presses play (no third-party request on page load).
 */
import { useState } from 'react';
import { AspectRatio, Box, Image, UnstyledButton, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VIDEO_ASPECT, VIDEO_DEFAULT_WIDTH, VIDEO_MIN_WIDTH } from '../../../domain/constants.ts';

/** Embed address derived from a link (the look-up call is skipped offline). */
export function embedUrl(url: string): string | null {
  try {
    const u = new URL(url, window.location.href);
    const host = u.hostname.replace(/^www\.|^m\./, '');
    if (host === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${u.pathname.slice(1)}`;
    if (host.endsWith('youtube.com') || host === 'youtube-nocookie.com') {
      const id = u.searchParams.get('v') ?? u.pathname.match(/\/(embed|shorts)\/([^/?]+)/)?.[2];
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    }
    if (host === 'vimeo.com' || host === 'player.vimeo.com') {
      const id = u.pathname.match(/(\d+)/)?.[1];
      return id ? `https://player.vimeo.com/video/${id}` : null;
    }
  } catch { /* not a URL */ }
  return null;
}

export function Video({ url, title }: { url: string; title?: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const maxW = VIDEO_DEFAULT_WIDTH;
  if (/\.(png|jpe?g|gif|webp|svg|avif)(\?|$)/i.test(url)) {
    return <Image src={url} alt={title ?? ''} maw={maxW} w="100%" radius="sm" loading="lazy" />;
  }
  if (/\.(mp4|webm|ogg)(\?|$)/i.test(url)) {
    return <Box maw={maxW} miw={VIDEO_MIN_WIDTH > 0 ? undefined : 0}><video src={url} controls preload="none" style={{ width: '100%' }} /></Box>;
  }
  const embed = embedUrl(url);
  if (!embed) return null;
  return (
    <Box maw={maxW} w="100%" className="video-frame">
      <AspectRatio ratio={1 / VIDEO_ASPECT}>
        {playing ? (
          <iframe src={`${embed}?autoplay=1`} title={title ?? t('Video')} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen loading="lazy" style={{ border: 0 }} />
        ) : (
          <UnstyledButton onClick={() => setPlaying(true)} className="video-facade" aria-label={`${t('Play video')}${title ? `: ${title}` : ''}`}>
            <IconPlayerPlayFilled size={56} aria-hidden />
            <Text size="sm" mt="xs">{t('Play video')}</Text>
          </UnstyledButton>
        )}
      </AspectRatio>
    </Box>
  );
}
