import { type EventObject, fromCallback } from 'xstate';
import { ANYONE, browserDraftStore, type DraftSlot } from '../../services/drafts/draft-store';
import type { Ports } from './ports';

/** What a form machine tells its `draft` child: keep what is typed now, or forget it (sent or discarded). */
export type DraftKeeperEvent<T> = { type: 'draft.saved'; draft: T } | { type: 'draft.cleared' };

/** A form machine's `draft` child before binding: nothing is kept (a machine on its own, its model test). */
export const keepsNothing = <T>() => fromCallback<DraftKeeperEvent<T>>(() => undefined);

/** Whose draft: the signed-in user and company (`signedIn`), or nobody's in particular (registration). */
export type DraftOwnerKind = 'signedIn' | 'anyone';

const ownerOf = (ports: Ports, kind: DraftOwnerKind): string | null => {
  if (kind === 'anyone') return ANYONE;
  const claims = ports.session()?.getSnapshot().context.claims;
  return claims ? JSON.stringify([claims.accountName, claims.name]) : null;
};

/**
 * A form machine's `draft` child bound to the tab's draft store (the ports' store, the tab's
 * sessionStorage otherwise): once the owner is known it answers with `restored(draft)` if one was
 * left, then keeps what the machine sends.
 */
export function bindDraftKeeper<T, E extends EventObject>(
  ports: Ports,
  slot: DraftSlot<T>,
  ownerKind: DraftOwnerKind,
  restored: (draft: T) => E,
) {
  const store = ports.drafts ?? browserDraftStore;
  return fromCallback<DraftKeeperEvent<T>>(({ sendBack, receive }) => {
    let restoredOnce = false;
    const restore = () => {
      const owner = restoredOnce ? null : ownerOf(ports, ownerKind);
      if (owner === null) return;
      restoredOnce = true;
      const draft = store.read(slot, owner);
      if (draft) sendBack(restored(draft));
    };
    // a signed-in form may start before the session is restored after a reload
    const subscription = ownerKind === 'signedIn' ? ports.session()?.subscribe(restore) : undefined;
    restore();
    receive((event) => {
      if (event.type === 'draft.cleared') {
        store.clear(slot);
        return;
      }
      const owner = ownerOf(ports, ownerKind);
      if (owner !== null) store.write(slot, owner, event.draft);
    });
    return () => subscription?.unsubscribe();
  });
}
