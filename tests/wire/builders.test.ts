import { describe, expect, it } from 'vitest';
import {
  cartItemWire,
  favouriteListSummaryWire,
  notificationWire,
  orderPreviewWire,
  orderWire,
  productWire,
  toCartItem,
  toFavouriteListSummary,
  toNotification,
  toOrder,
  toProduct,
} from '../../src/services/api/wire';
import {
  aCampaignProduct,
  aCartItem,
  aCartItemWire,
  aFavouriteListSummary,
  aFavouriteListSummaryWire,
  aNotification,
  aNotificationWire,
  anOrder,
  anOrderLine,
  anOrderPreviewWire,
  anOrderWire,
  aProduct,
  aProductWire,
  toCartItemWire,
  toNotificationWire,
  toOrderWire,
  toProductWire,
} from '../../src/test/builders';

// The wire builders start from the domain builders' defaults: the client's own parser reading a wire
// default gives back the domain default, so a test may build either form and mean the same data.
describe('the wire builders answer what the domain builders hold', () => {
  it('a product, plain and in a campaign', () => {
    expect(toProduct(productWire.parse(aProductWire()))).toEqual(aProduct());
    expect(toProduct(productWire.parse(toProductWire(aCampaignProduct())))).toEqual(aCampaignProduct());
  });

  it('a cart line, with the campaign change it was last written at', () => {
    // a line from the server says "no price change" as null; lines built on the client leave it out
    expect(toCartItem(cartItemWire.parse(aCartItemWire()))).toEqual({ ...aCartItem(), priceChange: null });
    const moved = aCartItem({ priceChange: 'campaignEnded' });
    expect(toCartItem(cartItemWire.parse(toCartItemWire(moved)))).toEqual(moved);
  });

  it('an order, with and without the figures older servers leave out', () => {
    expect(toOrder(orderWire.parse(anOrderWire()))).toEqual(anOrder());
    const full = anOrder({
      expectedDeliveryDate: '2026-11-27',
      isPreorder: true,
      customerNote: 'Gate 2',
      subtotal: '20.00',
      discountAmount: '0.00',
      tax: '1.40',
      depositTotal: '0.00',
      totalWithoutTax: '18.60',
      priceBasis: 'gross',
      taxes: [{ ratePercent: '7', net: '18.60', tax: '1.40', gross: '20.00' }],
      hasInvoice: false,
    });
    full.suborders[0]!.items = [anOrderLine({ deposit: '0.25', taxRatePercent: '7' })];
    full.suborders[0]!.extraCharges = [
      { name: 'Delivery fee', amount: '5.95', netAmount: '5.00', taxRatePercent: '19', taxAmount: '0.95' },
    ];
    expect(toOrder(orderWire.parse(toOrderWire(full)))).toEqual(full);
  });

  it('an order preview', () => {
    expect(orderPreviewWire.safeParse(anOrderPreviewWire()).success).toBe(true);
  });

  it('a favourite list summary', () => {
    expect(toFavouriteListSummary(favouriteListSummaryWire.parse(aFavouriteListSummaryWire()))).toEqual(
      aFavouriteListSummary(),
    );
  });

  it('a notification, with the invoice it announces', () => {
    const createdAt = '2026-11-20T08:00:00.000Z';
    expect(toNotification(notificationWire.parse(aNotificationWire({ created_at: createdAt })))).toEqual(
      aNotification({ createdAt }),
    );
    const invoice = aNotification({ createdAt, invoiceOrderId: 501 });
    expect(toNotification(notificationWire.parse(toNotificationWire(invoice)))).toEqual(invoice);
  });
});
