/**
 * A small accessible menu button (WAI-ARIA menu pattern): arrow keys, Home/End, Escape, outside
 * click. Lighter than a floating-positioned menu, which keeps the first page load small.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type KeyboardEvent } from 'react';
import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export interface MenuEntry {
  key: string;
  label: ReactNode;
  to?: string;
  onSelect?: () => void;
  icon?: ReactNode;
  current?: boolean;
  lang?: string;
  testId?: string;
  divider?: boolean;
}

export function DropdownMenu({
  renderTrigger,
  items,
  heading,
  width = 220,
}: {
  renderTrigger: (props: Record<string, unknown>) => ReactNode;
  items: MenuEntry[];
  heading?: ReactNode;
  width?: number;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const itemsEls = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusAt = (i: number) => {
    const els = itemsEls();
    if (els.length) els[(i + els.length) % els.length]!.focus();
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) rootRef.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const current = itemsEls().findIndex((el) => el.getAttribute('aria-current') === 'true');
    focusAt(current >= 0 ? current : 0);
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (e: KeyboardEvent) => {
    const els = itemsEls();
    const i = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusAt(i + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusAt(i - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusAt(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusAt(els.length - 1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') setOpen(false);
  };

  const onTriggerKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div ref={rootRef} className="dropdown">
      {renderTrigger({
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? `${id}-menu` : undefined,
        onClick: () => setOpen((o) => !o),
        onKeyDown: onTriggerKey,
      })}
      {open && (
        <div ref={listRef} id={`${id}-menu`} role="menu" className="dropdown-menu" style={{ width }} onKeyDown={onKeyDown}>
          {heading && (
            <div className="dropdown-heading" role="presentation">
              {heading}
            </div>
          )}
          {items.map((item) => (
            <div key={item.key} role="none">
              {item.divider && <div className="dropdown-divider" role="separator" />}
              {item.to ? (
                <Link
                  role="menuitem"
                  to={item.to}
                  className="dropdown-item"
                  tabIndex={-1}
                  lang={item.lang}
                  aria-current={item.current ? 'true' : undefined}
                  data-testid={item.testId}
                  onClick={() => {
                    close(false);
                    item.onSelect?.();
                  }}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </Link>
              ) : (
                <UnstyledButton
                  role="menuitem"
                  className="dropdown-item"
                  tabIndex={-1}
                  lang={item.lang}
                  aria-current={item.current ? 'true' : undefined}
                  data-testid={item.testId}
                  data-lang={item.lang}
                  onClick={() => {
                    close();
                    item.onSelect?.();
                  }}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </UnstyledButton>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
