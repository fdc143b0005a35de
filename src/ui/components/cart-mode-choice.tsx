import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartMode } from '../../domain/cart-line-sum';

const modes: readonly CartMode[] = ['add', 'replace'];

/**
 * What adding many lines does to products already in the cart: add to their quantity (the default,
 * so nothing the buyer put in the cart is lost) or replace it. A radio group: arrow keys move the choice.
 */
export function CartModeChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: CartMode;
  onChange: (mode: CartMode) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 font-medium">{t('cartMode.legend')}</legend>
      <div className="flex flex-wrap gap-2">
        {modes.map((mode) => (
          <label
            key={mode}
            className="tap-target flex min-w-0 cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 py-1 has-checked:border-brand has-checked:bg-surface-raised has-checked:ring-2 has-checked:ring-brand/40 has-focus-visible:outline-2 has-focus-visible:outline-brand"
          >
            <input
              type="radio"
              name={name}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="size-4 shrink-0 accent-brand"
            />
            <span>{t(`cartMode.${mode}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
