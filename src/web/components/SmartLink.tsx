import type { ReactNode, CSSProperties } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { isExternalUrl } from '../lib/paths.ts';

/** A link that stays in the app for local paths and opens other sites in a new tab. */
export function SmartLink({
  to,
  children,
  className,
  style,
  c,
  onClick,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  c?: string;
  onClick?: () => void;
}) {
  if (isExternalUrl(to)) {
    return (
      <Anchor href={to} target="_blank" rel="noopener noreferrer" className={className} style={style} c={c} onClick={onClick}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={to} className={className} style={style} c={c} onClick={onClick}>
      {children}
    </Anchor>
  );
}
