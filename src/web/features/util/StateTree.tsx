/** A collapsible, read-only tree of a plain value (objects, arrays, primitives); children render when opened. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX_ENTRIES = 500;

function preview(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.length}]`;
  if (typeof v === 'object') return `{${Object.keys(v as object).length}}`;
  return '';
}

function Leaf({ name, value }: { name: string; value: unknown }) {
  const kind = value === null ? 'null' : typeof value;
  const text = typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'undefined' : String(value);
  return (
    <div className="state-leaf">
      <span className="state-key">{name}</span>: <span className={`state-value state-${kind}`}>{text}</span>
    </div>
  );
}

function Branch({ name, value, depth, openDepth }: { name: string; value: object; depth: number; openDepth: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(depth < openDepth);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="state-branch">
      <summary>
        <span className="state-key">{name}</span> <span className="state-preview">{preview(value)}</span>
      </summary>
      {open && (
        <div className="state-children">
          {entries.slice(0, MAX_ENTRIES).map(([k, v]) => (
            <StateNode key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
          ))}
          {entries.length > MAX_ENTRIES && (
            <div className="state-more">
              … {entries.length - MAX_ENTRIES} {t('more')}
            </div>
          )}
          {entries.length === 0 && <div className="state-more">{t('empty')}</div>}
        </div>
      )}
    </details>
  );
}

export function StateNode({ name, value, depth = 0, openDepth = 1 }: { name: string; value: unknown; depth?: number; openDepth?: number }) {
  if (value !== null && typeof value === 'object') return <Branch name={name} value={value} depth={depth} openDepth={openDepth} />;
  return <Leaf name={name} value={value} />;
}
