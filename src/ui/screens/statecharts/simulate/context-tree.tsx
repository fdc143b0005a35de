import { useTranslation } from 'react-i18next';

/**
 * A machine's context as a tree: strings quoted, numbers and booleans as written, null, arrays with
 * their length and objects with their key count, each collapsible (native <details>, so Enter and
 * Space open and close it).
 */
export function ContextTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul className="font-mono text-xs leading-5" aria-label={label}>
      <TreeEntry name={null} value={value} depth={0} />
    </ul>
  );
}

function TreeEntry({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const { t } = useTranslation('studio');
  const key = name === null ? null : <span className="text-fg-muted">{name}: </span>;
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((inner, index) => [String(index), inner] as const)
      : Object.entries(value as Record<string, unknown>);
    const summary = Array.isArray(value)
      ? t('simulate.tree.array', { count: value.length })
      : t('simulate.tree.object', { count: entries.length });
    if (entries.length === 0)
      return (
        <li>
          {key}
          <span className="text-fg-muted">{Array.isArray(value) ? '[ ]' : '{ }'}</span>
        </li>
      );
    return (
      <li>
        <details open={depth < 2}>
          <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-brand">
            {key}
            <span className="text-fg-muted">{summary}</span>
          </summary>
          <ul className="ms-4 border-s border-line ps-2">
            {entries.map(([innerName, inner]) => (
              <TreeEntry key={innerName} name={innerName} value={inner} depth={depth + 1} />
            ))}
          </ul>
        </details>
      </li>
    );
  }
  return (
    <li className="break-all">
      {key}
      <Leaf value={value} />
    </li>
  );
}

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="text-brand">{JSON.stringify(value)}</span>;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return <span className="text-fg">{String(value)}</span>;
  if (value === null) return <span className="text-fg-muted italic">null</span>;
  if (value === undefined) return <span className="text-fg-muted italic">undefined</span>;
  return <span className="text-fg-muted">{String(value)}</span>;
}
