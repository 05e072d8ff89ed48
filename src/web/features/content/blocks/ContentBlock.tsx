/**
 * A plain content block: html body, optional video, show more / show less truncation (spec 9:
 * measured after 330 ms, truncated above 580 px).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Grid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { TRUNCATE_ABOVE_PX, TRUNCATE_MEASURE_AFTER_MS } from '../../../../domain/constants.ts';
import { useSession } from '../../../lib/session.ts';
import { HtmlBody } from '../../../components/HtmlBody.tsx';
import { Video } from '../../../components/Video.tsx';

/**
 * Spec: "Blocks limited to unauthenticated visitors show an alternate body to them": visitors read
 * body2, signed-in readers body. A registration block keeps its body as its introduction.
 */
export function blockBody(block: Content, signedIn: boolean): string | undefined {
  if (block.condition === 'unauthenticated' && block.subtype !== 'register' && !signedIn) return block.body2 || undefined;
  return block.body || undefined;
}

export function Truncated({ children, enabled, id }: { children: ReactNode; enabled: boolean; id: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      if (ref.current && ref.current.scrollHeight > TRUNCATE_ABOVE_PX) setTall(true);
    }, TRUNCATE_MEASURE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, children]);
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a block that becomes another one starts folded, before it is painted
    setOpen(false);
  }, [id]);
  const clipped = tall && !open;
  return (
    <>
      <Box
        ref={ref}
        id={`${id}-body`}
        className={clipped ? 'truncated' : undefined}
        style={clipped ? { maxHeight: TRUNCATE_ABOVE_PX, overflow: 'hidden' } : undefined}
      >
        {children}
      </Box>
      {tall && (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="xs"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={`${id}-body`}
        >
          {open ? t('Show less') : t('Show more')}
        </Button>
      )}
    </>
  );
}

export function ContentBlock({ block, first, editing }: { block: Content; first?: boolean; editing?: boolean }) {
  const { t } = useTranslation();
  const { user, config } = useSession();
  const body = blockBody(block, !!user);
  // Editors see what visitors read too, so both bodies are in view where they are edited.
  const visitorsText = editing && block.condition === 'unauthenticated' ? block.body2 : undefined;
  if (!body && !block.video && !block.title && !visitorsText) return null;
  const text = (
    <>
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      <Truncated enabled={!!config?.truncatecontent && !first} id={block._id}>
        <HtmlBody html={body} />
      </Truncated>
      {visitorsText && (
        <Box
          mt="sm"
          p="sm"
          data-testid="visitors-text"
          style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Text size="sm" fw={600} mb={4}>
            {t('Visitors who are not signed in read:')}
          </Text>
          <HtmlBody html={visitorsText} />
        </Box>
      )}
    </>
  );
  if (!block.video) return text;
  if (block.videoplacement === 'solo') {
    return (
      <>
        <Video url={block.video} title={block.title} />
        <Box mt="md">{text}</Box>
      </>
    );
  }
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>{text}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Video url={block.video} title={block.title} />
      </Grid.Col>
    </Grid>
  );
}
