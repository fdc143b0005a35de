import { useEffect, useState } from 'react';
import {
  INVALID_QUANTITY_MESSAGE_KEY,
  isQuantityControlDisabled,
  type QuantityMax,
  quantityFromInput,
} from '../../../domain/quantity';
import { QuantityControl } from '../../components/QuantityControl';

interface LineQuantityControlProps {
  /** the line's quantity as the machine shows it (the customer's latest) */
  quantity: number;
  max: QuantityMax;
  unitName: string;
  onIncrease: () => void;
  onDecrease: () => void;
  onTyped: (quantity: number) => void;
}

/**
 * The catalogue's quantity control on a cart line. The line machine keeps a number; the text being
 * typed is view state here: each valid value goes to the machine, an invalid one only shows the message.
 */
export function LineQuantityControl(props: LineQuantityControlProps) {
  const { quantity, max, unitName, onIncrease, onDecrease, onTyped } = props;
  const [text, setText] = useState(String(quantity));
  const invalid = !quantityFromInput(text, max).ok;

  // The machine's value wins when it moves (plus, minus, a failed save restoring the server's value),
  // unless the text already says it.
  useEffect(() => {
    setText((current) => {
      const typed = quantityFromInput(current, max);
      return typed.ok && typed.quantity === quantity ? current : String(quantity);
    });
  }, [quantity, max]);

  function type(value: string) {
    setText(value);
    const parsed = quantityFromInput(value, max);
    if (parsed.ok && parsed.quantity !== quantity) onTyped(parsed.quantity);
  }

  return (
    <QuantityControl
      text={text}
      messageKey={invalid ? INVALID_QUANTITY_MESSAGE_KEY : null}
      disabled={isQuantityControlDisabled(max)}
      canDecrease
      canIncrease
      onDecrease={onDecrease}
      onIncrease={onIncrease}
      onType={type}
      unitName={unitName}
    />
  );
}
