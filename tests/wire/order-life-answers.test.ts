import { describe, expect, it } from 'vitest';
import { notificationWire, orderWire, toNotification, toOrder } from '../../src/services/api/wire';
import {
  aFinanceDocument,
  aNotification,
  aNotificationWire,
  anOrder,
  anOrderItemWire,
  anOrderLine,
  anOrderWire,
  aSuborder,
  aSuborderWire,
  toNotificationWire,
  toOrderWire,
} from '../../src/test/builders';

// What the suborder reports add to the customer answers (contract "Customer API additions"): every
// field optional, read exactly as sent, and a backend without them reads as before.
describe("the order detail answer with the ERP's reports", () => {
  it('reads reference, expected arrival, delivery note, timeline, delivered quantities, substitutes and documents', () => {
    const answer = anOrderWire({
      suborders: [
        aSuborderWire({
          status: 'delivered',
          reference: 'SO-45',
          eta: '2026-12-01T14:00:00Z',
          delivery_note_number: 'LS-4711',
          timeline: [
            { state: 'confirmed', at: '2026-11-28T09:30:00Z' },
            { state: 'shipped', at: '2026-11-30T07:45:00Z' },
            { state: 'delivered', at: '2026-12-01T13:20:00Z' },
          ],
          items: [
            anOrderItemWire({ quantity: '3', delivered_quantity: 2, substitute: null }),
            anOrderItemWire({
              quantity: '2',
              delivered_quantity: null,
              substitute: {
                product: { id: 9, name: 'Olive oil 1 l' },
                quantity: '2',
                unit: { id: 2, name: 'Box' },
              },
            }),
          ],
        }),
      ],
      documents: [
        {
          id: 3,
          kind: 'invoice',
          number: 'RE-2026-0042',
          issued_on: '2026-11-27',
          due_on: null,
          gross_total: 25,
          open_balance: '12.40',
          file: 'netb2b/finance-documents/3/file/',
        },
      ],
    });
    const order = toOrder(orderWire.parse(answer));
    const [suborder] = order.suborders;
    expect(suborder).toMatchObject({
      reference: 'SO-45',
      eta: '2026-12-01T14:00:00Z',
      deliveryNoteNumber: 'LS-4711',
      timeline: [
        { state: 'confirmed', at: '2026-11-28T09:30:00Z' },
        { state: 'shipped', at: '2026-11-30T07:45:00Z' },
        { state: 'delivered', at: '2026-12-01T13:20:00Z' },
      ],
    });
    // a JSON number is read as its decimal text, never kept as a float
    expect(suborder?.items.map((item) => [item.deliveredQuantity, item.substitute])).toEqual([
      ['2', null],
      [null, { product: { id: 9, name: 'Olive oil 1 l' }, quantity: '2', unit: { id: 2, name: 'Box' } }],
    ]);
    expect(order.documents).toEqual([
      aFinanceDocument({ dueOn: null, grossTotal: '25', openBalance: '12.40' }),
    ]);
  });

  it('keeps a state it does not know by its name', () => {
    const answer = anOrderWire({
      suborders: [
        aSuborderWire({
          status: 'held_at_customs',
          timeline: [{ state: 'held_at_customs', at: '2026-11-30T07:45:00Z' }],
        }),
      ],
    });
    const [suborder] = toOrder(orderWire.parse(answer)).suborders;
    expect(suborder).toMatchObject({ status: 'held_at_customs', timeline: [{ state: 'held_at_customs' }] });
  });

  it('reads an answer without any of them as before: none of the new fields appear', () => {
    const order = toOrder(orderWire.parse(anOrderWire()));
    expect(order).toEqual(anOrder());
    expect(Object.keys(order.suborders[0]!)).not.toContain('timeline');
    expect(Object.keys(order)).not.toContain('documents');
  });

  it('the builders round-trip every new field', () => {
    const full = anOrder({
      suborders: [
        aSuborder({
          reference: 'SO-10',
          eta: null,
          deliveryNoteNumber: null,
          timeline: [],
          items: [anOrderLine({ deliveredQuantity: null, substitute: null })],
        }),
      ],
      documents: [aFinanceDocument()],
    });
    expect(toOrder(orderWire.parse(toOrderWire(full)))).toEqual(full);
  });
});

describe('a notification about an order', () => {
  it('carries the order it opens; null or absent is none', () => {
    const createdAt = '2026-11-30T07:45:00.000Z';
    const aboutOrder = aNotification({ createdAt, orderId: 15 });
    expect(toNotification(notificationWire.parse(toNotificationWire(aboutOrder)))).toEqual(aboutOrder);
    expect(
      toNotification(notificationWire.parse(aNotificationWire({ created_at: createdAt, order: null }))),
    ).toEqual(aNotification({ createdAt }));
  });
});
