import type { AnyStateMachine } from 'xstate';
import type studioEnglish from '../locales/studio/en.json';
import {
  accountMachine,
  changePasswordMachine,
  deleteAccountMachine,
  passwordResetMachine,
  registrationMachine,
} from '../machines/account';
import { appMachine, capabilitiesMachine, preferencesMachine, tabSyncMachine } from '../machines/app';
import { cartLineMachine, cartMachine, cartQuoteMachine } from '../machines/cart';
import {
  announcementReadsMachine,
  campaignDetailMachine,
  productCsvExportMachine,
  productListMachine,
  searchMachine,
} from '../machines/catalogue';
import { checkoutMachine, cutoffCountdownMachine } from '../machines/checkout';
import { documentFileMachine } from '../machines/documents';
import {
  addToListMachine,
  favouriteListCreateMachine,
  favouriteListMachine,
  favouriteListsMachine,
  favouriteListToCartMachine,
} from '../machines/favourites';
import { createResourceMachine } from '../machines/kernel/resource.machine';
import { notificationReadsMachine, notificationsMachine } from '../machines/notifications';
import {
  orderAmendmentMachine,
  orderDetailMachine,
  ordersResource,
  reorderMachine,
  suborderLifeMachine,
} from '../machines/orders';
import { addToCartMachine, productDialogMachine, productRowMachine } from '../machines/product';
import { quickOrderFilesMachine, quickOrderMachine } from '../machines/quick-order';
import { sessionMachine } from '../machines/session';
import {
  addressEditorMachine,
  companyInfoMachine,
  languageChangeMachine,
  newUserMachine,
  userEditorMachine,
  usersMachine,
} from '../machines/settings';
import {
  apiKeysMachine,
  importUploadMachine,
  staffSessionMachine,
  suborderLookupMachine,
  webhookDeliveriesMachine,
  webhookEndpointsMachine,
} from '../machines/staff';
import { liveInspectionMachine, statechartSimulationMachine } from '../machines/studio';

/**
 * Every machine of the portal, as product owners (the statechart studio), QA (`npm run paths`) and
 * the Markdown diagrams (`npm run machines:docs`) see it. `name` is the file name without
 * `.machine.ts`, the machine's address in the studio (`/statecharts/<name>/`) and in docs/.
 * The one-line purpose is the translation `studio:machines.<name>` (src/locales/studio/<lang>.json);
 * `spec` says where the product specification (or the issue) asks for the flow.
 */
/** A machine's name: every one has its purpose in the studio's texts, so a new machine needs one. */
export type MachineName = keyof (typeof studioEnglish)['machines'];

export interface CatalogEntry {
  name: MachineName;
  machine: AnyStateMachine;
  spec: string;
}

export const machineCatalog: readonly CatalogEntry[] = [
  { name: 'app', machine: appMachine, spec: 'Spec §4 Data loading' },
  { name: 'resource', machine: createResourceMachine('resource'), spec: 'Spec §4 Data loading' },
  { name: 'session', machine: sessionMachine, spec: 'Spec §4 Session' },
  { name: 'preferences', machine: preferencesMachine, spec: 'Spec §2 Header and shell' },
  { name: 'tab-sync', machine: tabSyncMachine, spec: 'Issue 41: tabs that agree' },
  { name: 'capabilities', machine: capabilitiesMachine, spec: 'Spec §7: calls beyond the table' },
  { name: 'language-change', machine: languageChangeMachine, spec: 'Spec §4 Other states' },
  { name: 'search', machine: searchMachine, spec: 'Spec §4 Search box' },
  { name: 'product-list', machine: productListMachine, spec: 'Spec §2 Routes' },
  { name: 'product-csv-export', machine: productCsvExportMachine, spec: 'Spec §2 Other screens' },
  { name: 'product-dialog', machine: productDialogMachine, spec: 'Spec §4 Product dialog, Quantity control' },
  { name: 'add-to-cart', machine: addToCartMachine, spec: 'Spec §4 Product dialog' },
  { name: 'product-row', machine: productRowMachine, spec: 'Issue 16: order from any list' },
  { name: 'catalogue-campaign', machine: campaignDetailMachine, spec: 'Spec §2 Home' },
  { name: 'cart', machine: cartMachine, spec: 'Spec §4 Cart' },
  { name: 'cart-line', machine: cartLineMachine, spec: 'Spec §4 Cart item' },
  { name: 'cart-quote', machine: cartQuoteMachine, spec: 'Spec §4 Cart drawer' },
  { name: 'checkout', machine: checkoutMachine, spec: 'Spec §4 Cart drawer' },
  {
    name: 'cutoff-countdown',
    machine: cutoffCountdownMachine,
    spec: 'Issue 34: delivery days a truck serves',
  },
  { name: 'quick-order', machine: quickOrderMachine, spec: 'Spec §4 Other states; issue 5' },
  { name: 'quick-order-files', machine: quickOrderFilesMachine, spec: 'Spec §4 Other states; issue 5' },
  { name: 'orders', machine: ordersResource, spec: 'Spec §2 Routes' },
  { name: 'order-detail', machine: orderDetailMachine, spec: 'Spec §2 Other screens' },
  { name: 'reorder', machine: reorderMachine, spec: 'Spec §4 Other states' },
  {
    name: 'suborder-life',
    machine: suborderLifeMachine,
    spec: "Orders reach the ERP: a suborder's life as the ERP reports it",
  },
  {
    name: 'order-amendment',
    machine: orderAmendmentMachine,
    spec: 'Issue 34: change or cancel a placed order until its cut-off',
  },
  { name: 'notifications', machine: notificationsMachine, spec: 'Spec §2 Header and shell' },
  { name: 'notification-reads', machine: notificationReadsMachine, spec: 'Spec §2 Header and shell' },
  { name: 'announcement-reads', machine: announcementReadsMachine, spec: 'Issue 12' },
  { name: 'favourite-lists', machine: favouriteListsMachine, spec: 'Issue 12' },
  { name: 'add-to-list', machine: addToListMachine, spec: 'Issue 12' },
  { name: 'favourite-list-create', machine: favouriteListCreateMachine, spec: 'Issue 12' },
  { name: 'favourite-list', machine: favouriteListMachine, spec: 'Issue 12' },
  { name: 'favourite-list-to-cart', machine: favouriteListToCartMachine, spec: 'Issue 12' },
  { name: 'document-file', machine: documentFileMachine, spec: 'Issue 12' },
  { name: 'company-info', machine: companyInfoMachine, spec: 'Spec §2 Other screens; §6 Roles' },
  { name: 'address-editor', machine: addressEditorMachine, spec: 'Spec §2 Other screens; §5 Validation' },
  { name: 'users', machine: usersMachine, spec: 'Spec §6 Roles and permissions' },
  { name: 'new-user', machine: newUserMachine, spec: 'Spec §6 Roles and permissions; §5 Validation' },
  { name: 'user-editor', machine: userEditorMachine, spec: 'Spec §6 Roles and permissions; §5 Validation' },
  { name: 'account', machine: accountMachine, spec: 'Spec §2 Other screens' },
  { name: 'registration', machine: registrationMachine, spec: 'Spec §5 Validation rules; §4 Other states' },
  { name: 'password-reset', machine: passwordResetMachine, spec: 'Spec §4 Other states' },
  { name: 'change-password', machine: changePasswordMachine, spec: 'Spec §8 The error catalogue' },
  { name: 'delete-account', machine: deleteAccountMachine, spec: 'Spec §4 Other states' },
  { name: 'statechart-simulation', machine: statechartSimulationMachine, spec: 'Issue 13, Simulate' },
  { name: 'live-inspection', machine: liveInspectionMachine, spec: 'Issue 13, Live' },
  { name: 'staff-session', machine: staffSessionMachine, spec: 'Issue 35: the staff console' },
  { name: 'import-upload', machine: importUploadMachine, spec: 'Issue 35: the staff console' },
  { name: 'api-keys', machine: apiKeysMachine, spec: 'Issue 35: the staff console' },
  {
    name: 'webhook-endpoints',
    machine: webhookEndpointsMachine,
    spec: 'Orders reach the ERP: the staff console',
  },
  {
    name: 'webhook-deliveries',
    machine: webhookDeliveriesMachine,
    spec: 'Orders reach the ERP: the staff console',
  },
  {
    name: 'suborder-lookup',
    machine: suborderLookupMachine,
    spec: 'Orders reach the ERP: the staff console',
  },
];

export function catalogEntry(name: string): CatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.name === name);
}
