import { useActorRef, useSelector } from '@xstate/react';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { bindSearch, selectSearchResults } from '../../../machines/catalogue';
import type { TypedQuickOrderRow } from '../../../machines/quick-order';
import type { ScanResult } from '../../../machines/scan';
import { inputClass } from '../../components/field-classes';
import { useUnits } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { ScanLauncher } from '../scan/scan-launcher';
import { secondaryButton } from './button-classes';

type Line = TypedQuickOrderRow & { key: number };

/** Stock codes typed with quantities; the code box suggests products as the customer types. */
export function TypedRows({ onSubmit }: { onSubmit: (rows: TypedQuickOrderRow[]) => void }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>([{ key: 0, code: '', quantity: '1' }]);
  const [nextKey, setNextKey] = useState(1);
  const filled = lines.filter((line) => line.code.trim() !== '');

  const change = (key: number, patch: Partial<TypedQuickOrderRow>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const units = useUnits();
  // a scanned product becomes a typed row (stock code, quantity, unit name): the usual check previews it
  const addScanned = ({ product, unit, quantity }: ScanResult) => {
    const unitName = units?.find((candidate) => candidate.id === unit)?.name;
    const row: Line = {
      key: nextKey,
      code: product.stockCode,
      quantity: String(quantity),
      ...(unitName ? { unit: unitName } : {}),
    };
    setLines((current) => [...current.filter((line) => line.code.trim() !== ''), row]);
    setNextKey((key) => key + 1);
    toast.success(t('scan.addedToQuickOrder', { name: product.name }));
  };

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (filled.length > 0) onSubmit(filled.map(({ key: _, ...row }) => row));
      }}
    >
      <h3 className="font-medium">{t('quickOrder.typeTitle')}</h3>
      <ul className="flex flex-col gap-2">
        {lines.map((line, index) => (
          <TypedLine
            key={line.key}
            index={index + 1}
            line={line}
            onChange={(patch) => change(line.key, patch)}
            onRemove={
              lines.length > 1
                ? () => setLines((current) => current.filter((l) => l.key !== line.key))
                : undefined
            }
          />
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setLines((current) => [...current, { key: nextKey, code: '', quantity: '1' }]);
            setNextKey((key) => key + 1);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('quickOrder.addLine')}
        </button>
        <ScanLauncher onConfirmed={addScanned} />
        <button type="submit" disabled={filled.length === 0} className={secondaryButton}>
          {t('quickOrder.checkTyped')}
        </button>
      </div>
    </form>
  );
}

function TypedLine({
  index,
  line,
  onChange,
  onRemove,
}: {
  index: number;
  line: Line;
  onChange: (patch: Partial<TypedQuickOrderRow>) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The product search service of the header box, one actor per code box; the browser's own list shows it.
  const search = useActorRef(useBoundMachine(bindSearch), usePortalInspection());
  const results = useSelector(search, selectSearchResults);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-end gap-2">
      <div>
        <label htmlFor={`${id}-code`} className="mb-1 block text-fg-muted">
          {t('quickOrder.stockCode')} {index}
        </label>
        <input
          id={`${id}-code`}
          list={`${id}-products`}
          value={line.code}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          onFocus={() => search.send({ type: 'search.focused' })}
          onBlur={() => search.send({ type: 'search.closed' })}
          onChange={(event) => {
            onChange({ code: event.target.value });
            search.send({ type: 'search.typed', query: event.target.value });
          }}
          className={inputClass}
        />
        <datalist id={`${id}-products`} aria-label={t('quickOrder.searchResults', { query: line.code })}>
          {results.map((product) => (
            <option key={product.id} value={product.stockCode} dir="auto">
              {product.name}
            </option>
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor={`${id}-quantity`} className="mb-1 block text-fg-muted">
          {t('quickOrder.quantity')}
        </label>
        <input
          id={`${id}-quantity`}
          inputMode="numeric"
          value={line.quantity}
          onChange={(event) => onChange({ quantity: event.target.value })}
          className={inputClass}
        />
        {line.unit && <span className="mt-1 block text-sm text-fg-muted">{line.unit}</span>}
      </div>
      <button
        type="button"
        disabled={!onRemove}
        onClick={onRemove}
        aria-label={t('quickOrder.removeLine', { index })}
        className="tap-target inline-flex items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken disabled:invisible"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
