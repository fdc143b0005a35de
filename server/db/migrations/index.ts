import type { Migration, MigrationProvider } from 'kysely';
import { columnTypesFor } from '../column-types';
import type { DialectName } from '../connect';
import { initialSchema } from './001-initial-schema';
import { cartAndIdempotency } from './010-cart-and-idempotency';
import { orderBreakdown } from './020-order-breakdown';
import { catalogueTranslations } from './030-catalogue-translations';
import { priceBasis } from './040-price-basis';
import { errorReports } from './050-error-reports';
import { companySettings } from './060-company-settings';
import { accountAccess } from './070-account-access';
import { favouritesAndDocuments } from './080-favourites-and-documents';
import { flowReview } from './090-flow-review';
import { cartItemIdsNeverReused } from './100-cart-item-ids-never-reused';
import { catalogueSeekIndexes } from './110-catalogue-seek-indexes';
import { sharedThrottle } from './120-shared-throttle';
import { uniqueEmails } from './130-unique-emails';
import { refreshGraceAndRetention } from './140-refresh-grace-and-retention';
import { openSuborders } from './150-open-suborders';
import { taxPerRate } from './160-tax-per-rate';
import { issuedInvoices } from './170-issued-invoices';
import { notificationInvoiceLinks } from './175-notification-invoice-links';
import { companyBuyerReference } from './180-company-buyer-reference';
import { oneCreditNotePerInvoice } from './190-one-credit-note-per-invoice';
import { searchTrigrams } from './200-search-trigrams';
import { deliveryCalendar } from './210-delivery-calendar';
import { orderDeliveryAddress } from './220-order-delivery-address';
import { minimumOrder } from './230-minimum-order';
import { orderVersions } from './240-order-versions';
import { integration } from './250-integration';
import { orderLifecycle } from './260-order-lifecycle';
import { flowSignOffs } from './270-flow-sign-offs';
import { flowUsage } from './271-flow-usage';
import { substitutes } from './280-substitutes';
import { orderGuides } from './290-order-guides';
import { standingOrders } from './300-standing-orders';

/**
 * Migrations live in code (not read from a folder at run time) so they work the same from tsx,
 * from tests and from a bundle. Names sort in the order they run: add `002-...` below.
 */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  const types = columnTypesFor(dialect);
  const migrations: Record<string, Migration> = {
    '001-initial-schema': initialSchema(types),
    '010-cart-and-idempotency': cartAndIdempotency(types),
    '020-order-breakdown': orderBreakdown(types),
    '030-catalogue-translations': catalogueTranslations(types),
    '040-price-basis': priceBasis(types),
    '050-error-reports': errorReports(types),
    '060-company-settings': companySettings(types),
    '070-account-access': accountAccess(types),
    '080-favourites-and-documents': favouritesAndDocuments(types),
    '090-flow-review': flowReview(types),
    '100-cart-item-ids-never-reused': cartItemIdsNeverReused(types),
    '110-catalogue-seek-indexes': catalogueSeekIndexes(types),
    '120-shared-throttle': sharedThrottle(types),
    '130-unique-emails': uniqueEmails(types),
    '140-refresh-grace-and-retention': refreshGraceAndRetention(types),
    '150-open-suborders': openSuborders(types),
    '160-tax-per-rate': taxPerRate(types),
    '170-issued-invoices': issuedInvoices(types),
    '175-notification-invoice-links': notificationInvoiceLinks(types),
    '180-company-buyer-reference': companyBuyerReference(types),
    '190-one-credit-note-per-invoice': oneCreditNotePerInvoice(types),
    '200-search-trigrams': searchTrigrams(types),
    '210-delivery-calendar': deliveryCalendar(types),
    '220-order-delivery-address': orderDeliveryAddress(types),
    '230-minimum-order': minimumOrder(types),
    '240-order-versions': orderVersions(types),
    '250-integration': integration(types),
    '260-order-lifecycle': orderLifecycle(types),
    '270-flow-sign-offs': flowSignOffs(types),
    '271-flow-usage': flowUsage(types),
    '280-substitutes': substitutes(types),
    '290-order-guides': orderGuides(types),
    '300-standing-orders': standingOrders(types),
  };
  return { getMigrations: async () => migrations };
}
