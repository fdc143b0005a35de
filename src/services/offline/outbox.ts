import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CartItem, IsoDateTime, OrderSubmission } from '../../domain/types';
import type { CartLineWrite } from '../api/cart';

/**
 * A cart change made while offline, kept to be sent in order once the connection returns: the line's
 * quantity and unit set (a new line or a changed one), or the product's line taken out.
 */
export type CartChange = { kind: 'put'; line: CartLineWrite } | { kind: 'remove'; product: number };

export interface StoredCartChange {
  id: number;
  owner: string;
  change: CartChange;
  at: IsoDateTime;
}

/**
 * An order confirmed while offline: sent once with its idempotency key when the connection returns,
 * after its lines were checked against today's prices, stock and the day's cut-off.
 */
export interface QueuedOrder {
  /** the order's idempotency key: sending it twice places it once */
  key: string;
  owner: string;
  queuedAt: IsoDateTime;
  /** what is sent: lines without cart line ids (those may not exist yet), no list of shown lines */
  submission: OrderSubmission;
  /** the lines as the buyer saw them when confirming, products and prices included */
  lines: CartItem[];
  /** the delivery address the checkout had chosen, for the day's cut-off check */
  addressId: number | null;
  /** the buyer saw the changes and chose to send it as it is */
  approved: boolean;
}

/** The offline changes and orders of one signed-in user, kept across closed tabs and restarts. */
export interface Outbox {
  recordCartChange(owner: string, change: CartChange): Promise<void>;
  cartChanges(owner: string): Promise<StoredCartChange[]>;
  dropCartChange(id: number): Promise<void>;
  queueOrder(order: QueuedOrder): Promise<void>;
  queuedOrders(owner: string): Promise<QueuedOrder[]>;
  /** marks a queued order as seen and approved by the buyer */
  approveOrder(key: string): Promise<void>;
  dropOrder(key: string): Promise<void>;
  /** called after any change, in this tab or another tab of this browser */
  subscribe(listener: () => void): () => void;
}

interface OutboxSchema extends DBSchema {
  cartChanges: {
    key: number;
    value: Omit<StoredCartChange, 'id'> & { id?: number };
    indexes: { owner: string };
  };
  orders: { key: string; value: QueuedOrder; indexes: { owner: string } };
}

const DATABASE = 'portal-outbox';
const CHANNEL = 'portal-outbox';

/**
 * The outbox in the browser's IndexedDB; every change is announced on a BroadcastChannel so each open
 * tab's connectivity chart counts the same. Null where IndexedDB is missing (tests, old browsers):
 * nothing can be kept offline there.
 */
export function browserOutbox(indexedDb: IDBFactory | undefined = globalThis.indexedDB): Outbox | null {
  if (indexedDb === undefined) return null;
  let database: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const open = () => {
    database ??= openDB<OutboxSchema>(DATABASE, 1, {
      upgrade(db) {
        db.createObjectStore('cartChanges', { keyPath: 'id', autoIncrement: true }).createIndex(
          'owner',
          'owner',
        );
        db.createObjectStore('orders', { keyPath: 'key' }).createIndex('owner', 'owner');
      },
    });
    return database;
  };
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  const notifyHere = () => {
    for (const listener of listeners) listener();
  };
  channel?.addEventListener('message', notifyHere);
  const changed = () => {
    notifyHere();
    channel?.postMessage('changed');
  };

  return {
    async recordCartChange(owner, change) {
      await (await open()).add('cartChanges', { owner, change, at: new Date().toISOString() });
      changed();
    },
    async cartChanges(owner) {
      // the key grows with every change: ascending keys are the order they were made in
      const rows = await (await open()).getAllFromIndex('cartChanges', 'owner', owner);
      return (rows as StoredCartChange[]).sort((a, b) => a.id - b.id);
    },
    async dropCartChange(id) {
      await (await open()).delete('cartChanges', id);
      changed();
    },
    async queueOrder(order) {
      await (await open()).put('orders', order);
      changed();
    },
    async queuedOrders(owner) {
      const rows = await (await open()).getAllFromIndex('orders', 'owner', owner);
      return rows.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    },
    async approveOrder(key) {
      const db = await open();
      const order = await db.get('orders', key);
      if (order) await db.put('orders', { ...order, approved: true });
      changed();
    },
    async dropOrder(key) {
      await (await open()).delete('orders', key);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
