/**
 * Video of a block or card (spec 2, video player): an image, a video file, or a video site's player
 * found by the server's embed look-up (POST /app_content/embed). Sized 585x330 by default, never
 * narrower than 330 px, 0.564 high, at least 169.2 px (spec 9). The third-party player loads only when
 * the reader presses play; its thumbnail only under cookie opt-in.
 */
import { useState } from 'react';
import { Anchor, Box, Image, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIDEO_DEFAULT_WIDTH } from '../../domain/constants.ts';
import { effectiveConsent, useLocalConsent } from '../lib/consent.ts';
import { whoamiQuery } from '../lib/session.ts';
import { embedQuery } from '../lib/data/content.ts';
import { videoSize } from '../lib/video-size.ts';

const IMAGE = /\.(png|jpe?g|gif|webp|svg|avif)(\?|#|$)/i;
const FILE = /\.(mp4|webm|ogg|m4v)(\?|#|$)/i;

export function Video({ url, title }: { url: string; title?: string }) {
  const { ref, width: room } = useElementSize();
  const size = videoSize(room);
  let inner;
  if (IMAGE.test(url)) {
    inner = <Image src={url} alt={title ?? ''} maw={VIDEO_DEFAULT_WIDTH} w="100%" radius="sm" loading="lazy" />;
  } else if (FILE.test(url)) {
    inner = <video src={url} controls preload="none" title={title} style={{ width: size.width, height: size.height, display: 'block' }} />;
  } else {
    inner = <EmbeddedVideo url={url} title={title} width={size.width} height={size.height} />;
  }
  return (
    <Box ref={ref} w="100%" className="video-box" data-video={url}>
      {inner}
    </Box>
  );
}

function EmbeddedVideo({ url, title, width, height }: { url: string; title?: string; width: number; height: number }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const embed = useQuery(embedQuery(url));
  const { data: who } = useQuery(whoamiQuery);
  const consent = effectiveConsent(who, useLocalConsent());
  const name = embed.data?.title ?? title;
  if (embed.isError) {
    return (
      <Text size="sm">
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          {name ? `${t('Watch the video')}: ${name}` : t('Watch the video')}
        </Anchor>
      </Text>
    );
  }
  const thumb = consent === 'optin' ? embed.data?.thumbnail : undefined;
  return (
    <Box className="video-frame" style={{ width, height }} data-embed={embed.data?.embedUrl ?? ''}>
      {playing && embed.data ? (
        <iframe
          src={`${embed.data.embedUrl}?autoplay=1`}
          title={name ?? t('Video')}
          width={width}
          height={height}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ border: 0, display: 'block' }}
        />
      ) : (
        <UnstyledButton
          onClick={() => setPlaying(true)}
          className="video-facade"
          disabled={!embed.data}
          aria-label={`${t('Play video')}${name ? `: ${name}` : ''}`}
          style={
            thumb
              ? {
                  backgroundImage: `linear-gradient(rgba(0,0,0,.35), rgba(0,0,0,.35)), url("${thumb}")`,
                  backgroundSize: 'cover',
                  backgroundPosition: 'center',
                }
              : undefined
          }
        >
          <IconPlayerPlayFilled size={56} aria-hidden />
          <Text size="sm" mt="xs" px="sm" ta="center" lineClamp={2}>
            {name ?? t('Play video')}
          </Text>
        </UnstyledButton>
      )}
    </Box>
  );
}
