import { useSelector } from '@xstate/react';
import type { CartLineRef } from '../../../machines/cart';
import {
  selectIsLineQuantityDisabled,
  selectLineQuantityMessageKey,
  selectLineQuantityText,
} from '../../../machines/cart';
import { QuantityControl } from '../../components/quantity-control';

/**
 * The catalogue's quantity control on a cart line: the text, its message and the maximum are the line
 * machine's (the same quantity rules as the product dialog, src/domain/quantity-control.ts).
 */
export function LineQuantityControl({ line, unitName }: { line: CartLineRef; unitName: string }) {
  const text = useSelector(line, selectLineQuantityText);
  const messageKey = useSelector(line, selectLineQuantityMessageKey);
  const disabled = useSelector(line, selectIsLineQuantityDisabled);
  return (
    <QuantityControl
      text={text}
      messageKey={messageKey}
      disabled={disabled}
      canDecrease
      canIncrease
      onDecrease={() => line.send({ type: 'line.decreased' })}
      onIncrease={() => line.send({ type: 'line.increased' })}
      onType={(typed) => line.send({ type: 'line.quantityTyped', text: typed })}
      unitName={unitName}
    />
  );
}
