import { Button, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { HtmlBody } from '../../../components/HtmlBody.tsx';
import { tk } from '../../../lib/tk.ts';

const LINKS = [
  { to: '/HowItWorks', label: tk('How It Works') },
  { to: '/Courses', label: tk('Courses') },
  { to: '/Resources', label: tk('Resources') },
  { to: '/About', label: tk('About') },
];

/** The top banner: the page's heading with links to /HowItWorks, /Courses, /Resources, /About. */
export function BannerBlock({ block }: { block: Content }) {
  const { t } = useTranslation();
  return (
    <Paper className="banner" p={{ base: 'md', sm: 'xl' }} radius="md">
      {block.title && (
        <Title order={1} className="banner-title">
          {block.title}
        </Title>
      )}
      <HtmlBody html={block.body} className="banner-body" />
      <Group component="nav" aria-label={t('Explore')} gap="xs" mt="md">
        {LINKS.map((l) => (
          <Button key={l.to} component={Link} to={l.to} variant="white" color="brand" size="sm">
            {t(l.label)}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
