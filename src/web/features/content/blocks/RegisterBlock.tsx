import { Suspense } from 'react';
import { RegistrationForm } from '../../../lib/embeds.tsx';
import { Paper, Title } from '@mantine/core';
import type { Content } from '../../../../domain/types.ts';
import { useSession } from '../../../lib/session.ts';
import { PageLoader } from '../../../app/guards.tsx';
import { HtmlBody } from '../../../components/HtmlBody.tsx';
import { WhenVisible } from '../../../components/WhenVisible.tsx';

/** Registration embedded in a page; hidden for signed-in users. */
export function RegisterBlock({ block, context, subid }: { block: Content; context: string; subid?: string }) {
  const { user } = useSession();
  if (user) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" id="register">
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      <HtmlBody html={block.body} />
      <WhenVisible minHeight={620}>
        <Suspense fallback={<PageLoader />}>
          <RegistrationForm regpath={context} regsubid={subid} />
        </Suspense>
      </WhenVisible>
    </Paper>
  );
}
