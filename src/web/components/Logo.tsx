import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Inline mark: no image request, crisp at any size. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="var(--mantine-color-brand-7)" />
      <path d="M6 12l10-5 10 5-10 5z" fill="#fff" />
      <path d="M10 15v5c3 3 9 3 12 0v-5l-6 3z" fill="#fff" />
      <path d="M25 12.5v6" stroke="#fff" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ title }: { title: string }) {
  return (
    <Link to="/" className="logo-link" aria-label={title}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <LogoMark />
        <Text fw={700} size="lg" truncate="end" visibleFrom="xs" c="brand.8" component="span">
          {title}
        </Text>
      </Group>
    </Link>
  );
}
