import { type EventObject, enqueueActions, fromPromise, type MachineContext } from 'xstate';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../services/api/cart';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

// What every "many lines into the cart in one step" binds (Order again, a favourite list's Add to
// cart): the one bulk call, and the app's cart fetched afresh after it so the drawer shows the lines.

/** What the bulk add is asked: the lines as the cart writes them, and what lines already there do. */
export interface BulkAddInput {
  lines: CartLineWrite[];
  mode: CartBulkMode;
}

/** The bulk add call, aborted when the machine stops asking. */
export const addLinesInBulk = ({ api }: Pick<Ports, 'api'>) =>
  fromPromise<CartBulkLineResult[], BulkAddInput>(({ input, signal }) =>
    untilAborted(signal, api.addCartItemsBulk(input.lines, input.mode, { signal })),
  );

/** The app's cart fetches itself again (none running: nothing to tell). */
export const refetchAppCart = <TContext extends MachineContext, TEvent extends EventObject>({
  cart,
}: Pick<Ports, 'cart'>) =>
  enqueueActions<TContext, TEvent, unknown, TEvent, never, never, never>(({ enqueue }) => {
    const target = cart();
    if (target) enqueue.sendTo(target, { type: 'cart.fetch' });
  });
