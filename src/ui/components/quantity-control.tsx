import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface QuantityControlProps {
  /** the text in the input, as typed (the machine keeps it, so an invalid entry stays visible) */
  text: string;
  /** translation key of the message under the input (quantity.invalidAmount), or null */
  messageKey: string | null;
  /** a maximum of 0 disables the whole control (spec point 4) */
  disabled: boolean;
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
  onType: (text: string) => void;
  /** the unit the quantity counts, for the input's name ("Quantity (boxes)") */
  unitName?: string;
}

/** Spec point 4, quantity control: minus, a typed amount and plus; the rules live in the machine. */
export function QuantityControl(props: QuantityControlProps) {
  const { text, messageKey, disabled, canDecrease, canIncrease, onDecrease, onIncrease, onType, unitName } =
    props;
  const { t } = useTranslation();
  const messageId = useId();
  const invalid = messageKey !== null;
  return (
    <div>
      <div className="flex items-center gap-1">
        <StepButton step="decrease" disabled={disabled || !canDecrease} onClick={onDecrease} />
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={unitName ? t('quantity.labelWithUnit', { unit: unitName }) : t('quantity.label')}
          aria-invalid={invalid}
          aria-describedby={invalid ? messageId : undefined}
          disabled={disabled}
          value={text}
          onChange={(event) => onType(event.target.value)}
          className={`h-11 w-20 rounded-md border bg-surface-raised px-2 text-center tabular-nums desktop:h-9 disabled:opacity-50 ${
            invalid ? 'border-danger outline-2 outline-danger/40' : 'border-line'
          }`}
        />
        <StepButton step="increase" disabled={disabled || !canIncrease} onClick={onIncrease} />
      </div>
      {invalid && (
        <p id={messageId} role="alert" className="mt-1 text-danger">
          {t(messageKey as 'quantity.invalidAmount')}
        </p>
      )}
    </div>
  );
}

const stepButtonClass =
  'tap-target inline-flex items-center justify-center rounded-md border border-line bg-surface-raised hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-50';

/** Minus or plus: one step down or up, named for screen readers. */
function StepButton({
  step,
  disabled,
  onClick,
}: {
  step: 'decrease' | 'increase';
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const Icon = step === 'decrease' ? Minus : Plus;
  return (
    <button
      type="button"
      aria-label={t(step === 'decrease' ? 'quantity.decrease' : 'quantity.increase')}
      disabled={disabled}
      onClick={onClick}
      className={stepButtonClass}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
