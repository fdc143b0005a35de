import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Binder } from '../../../machines/kernel/ports';
import {
  bindSubstituteChoice,
  selectChosenSubstitute,
  selectSubstituteAlternatives,
  selectSubstituteStatus,
  type substituteChoiceMachine,
} from '../../../machines/substitutes';
import { ProductPrice } from '../../app/price/product-price';
import { SubstituteOffer } from '../../components/substitute-offer';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { StockFigure } from '../order-row/stock-figure';

/**
 * The substitutes offered for one line that ran out or is short, wherever such a line shows (the
 * cart, the quick order's preview, the list-to-cart report, a standing order's review): runs one
 * `substituteChoice` chart for the line and draws `SubstituteOffer` (see its comment for the props).
 * Without the `substitutes` capability it renders nothing and asks nothing.
 */
export function SubstituteChoice(props: {
  productId: number;
  productName: string;
  /** what the host says of the shortage ("Out of stock") */
  shortage: ReactNode;
  /** primary units wanted; absent: the product's cart line's quantity */
  pieces?: number;
  /** removes the line; the chart records that the buyer chose to */
  onRemove: () => void;
  /** once the substitute is in the cart (a host whose line never reached the cart drops it then) */
  onTaken?: () => void;
  /** the buyer keeps the shortage: a host whose line can hold what is in stock lowers it to that */
  onKeepShortage?: () => void;
  /**
   * where a taken substitute goes: absent, the cart (`bindSubstituteChoice`); a standing order's
   * review passes `bindDeliverySubstituteChoice` for its delivery. Keep it stable across renders
   * (the chart is bound once per binder).
   */
  bind?: Binder<typeof substituteChoiceMachine>;
}) {
  if (!useCapability('substitutes')) return null;
  return <ConnectedChoice {...props} />;
}

function ConnectedChoice({
  productId,
  productName,
  shortage,
  pieces,
  onRemove,
  onTaken,
  onKeepShortage,
  bind = bindSubstituteChoice,
}: Parameters<typeof SubstituteChoice>[0]) {
  const choice = useActorRef(useBoundMachine(bind), {
    ...usePortalInspection(),
    input: { productId, pieces: pieces ?? null },
  });
  const status = useSelector(choice, selectSubstituteStatus);
  const alternatives = useSelector(choice, selectSubstituteAlternatives);
  const chosen = useSelector(choice, selectChosenSubstitute);
  const taken = status === 'taken';
  // told once: the host's callback may change on every render
  const told = useRef(false);
  useEffect(() => {
    if (!taken || told.current) return;
    told.current = true;
    onTaken?.();
  }, [taken, onTaken]);
  return (
    <SubstituteOffer
      status={status}
      productName={productName}
      shortage={shortage}
      alternatives={alternatives.map((alternative) => ({
        productId: alternative.product.id,
        name: alternative.product.name,
        reason: alternative.reason,
        price: <ProductPrice product={alternative.product} />,
        stock: <StockFigure product={alternative.product} />,
      }))}
      chosenId={chosen?.product.id ?? null}
      chosenName={chosen?.product.name ?? null}
      onAccept={(substituteId) => choice.send({ type: 'substitutes.accepted', substituteId })}
      onKeepShortage={() => {
        choice.send({ type: 'substitutes.shortageKept' });
        onKeepShortage?.();
      }}
      onRemove={() => {
        choice.send({ type: 'substitutes.lineRemoved' });
        onRemove();
      }}
      onReconsider={() => choice.send({ type: 'substitutes.reconsidered' })}
      onRetry={() => choice.send({ type: 'substitutes.retried' })}
    />
  );
}
