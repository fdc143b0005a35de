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
import { connectivityMachine } from '../machines/connectivity';
import { documentFileMachine } from '../machines/documents';
import {
  addToListMachine,
  favouriteListCreateMachine,
  favouriteListMachine,
  favouriteListsMachine,
  favouriteListToCartMachine,
  orderGuideBuildMachine,
  stockTakeMachine,
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
import { barcodeScanMachine } from '../machines/scan';
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
import { occurrenceMachine, standingOrderMachine } from '../machines/standing-orders';
import { flowSignOffMachine, liveInspectionMachine, statechartSimulationMachine } from '../machines/studio';
import { substituteChoiceMachine, substitutePreferenceMachine } from '../machines/substitutes';
import type { SpecRef } from './spec-rules';

/**
 * Every machine of the portal, as product owners (the statechart studio), QA (`npm run paths`) and
 * the Markdown diagrams (`npm run machines:docs`) see it. `name` is the file name without
 * `.machine.ts`, the machine's address in the studio (`/statecharts/<name>/`) and in docs/.
 * The one-line purpose is the translation `studio:machines.<name>` (src/locales/studio/<lang>.json);
 * `spec` says where the product specification asks for the flow (a point and heading of SPEC.md), or
 * names the feature beyond it.
 */
/** A machine's name: every one has its purpose in the studio's texts, so a new machine needs one. */
export type MachineName = keyof (typeof studioEnglish)['machines'];

export interface CatalogEntry {
  name: MachineName;
  machine: AnyStateMachine;
  /** where the specification asks for the flow, or the feature beyond it */
  spec: readonly SpecRef[];
}

export const machineCatalog: readonly CatalogEntry[] = [
  { name: 'app', machine: appMachine, spec: [{ point: '4', section: 'Data loading' }] },
  {
    name: 'resource',
    machine: createResourceMachine('resource'),
    spec: [{ point: '4', section: 'Data loading' }],
  },
  { name: 'session', machine: sessionMachine, spec: [{ point: '4', section: 'Session' }] },
  {
    name: 'preferences',
    machine: preferencesMachine,
    spec: [
      { point: '2', section: 'Header and shell' },
      { point: '4', section: 'Other states' },
    ],
  },
  { name: 'tab-sync', machine: tabSyncMachine, spec: [{ beyond: 'tabSync' }] },
  {
    name: 'capabilities',
    machine: capabilitiesMachine,
    spec: [{ point: '7', section: 'The calls it makes' }],
  },
  {
    name: 'language-change',
    machine: languageChangeMachine,
    spec: [{ point: '4', section: 'Other states' }],
  },
  { name: 'search', machine: searchMachine, spec: [{ point: '4', section: 'Search box' }] },
  { name: 'product-list', machine: productListMachine, spec: [{ point: '2', section: 'Routes' }] },
  {
    name: 'product-csv-export',
    machine: productCsvExportMachine,
    spec: [
      { point: '2', section: 'Other screens named by the texts' },
      { point: '8', section: 'The error catalogue' },
    ],
  },
  {
    name: 'product-dialog',
    machine: productDialogMachine,
    spec: [
      { point: '4', section: 'Product dialog' },
      { point: '4', section: 'Quantity control' },
    ],
  },
  { name: 'add-to-cart', machine: addToCartMachine, spec: [{ point: '4', section: 'Product dialog' }] },
  { name: 'product-row', machine: productRowMachine, spec: [{ beyond: 'orderFromAnyList' }] },
  { name: 'barcode-scan', machine: barcodeScanMachine, spec: [{ beyond: 'barcodeScan' }] },
  { name: 'connectivity', machine: connectivityMachine, spec: [{ beyond: 'offline' }] },
  { name: 'catalogue-campaign', machine: campaignDetailMachine, spec: [{ point: '2', section: 'Home' }] },
  { name: 'cart', machine: cartMachine, spec: [{ point: '4', section: 'Cart' }] },
  { name: 'cart-line', machine: cartLineMachine, spec: [{ point: '4', section: 'Cart item' }] },
  { name: 'cart-quote', machine: cartQuoteMachine, spec: [{ point: '4', section: 'Cart drawer' }] },
  { name: 'checkout', machine: checkoutMachine, spec: [{ point: '4', section: 'Cart drawer' }] },
  {
    name: 'cutoff-countdown',
    machine: cutoffCountdownMachine,
    spec: [{ beyond: 'deliveryDays' }],
  },
  {
    name: 'quick-order',
    machine: quickOrderMachine,
    spec: [
      { point: '5', section: 'Validation rules' },
      { point: '8', section: 'The error catalogue' },
    ],
  },
  {
    name: 'quick-order-files',
    machine: quickOrderFilesMachine,
    spec: [{ point: '5', section: 'Validation rules' }],
  },
  { name: 'orders', machine: ordersResource, spec: [{ point: '2', section: 'Routes' }] },
  {
    name: 'order-detail',
    machine: orderDetailMachine,
    spec: [{ point: '2', section: 'Other screens named by the texts' }],
  },
  { name: 'reorder', machine: reorderMachine, spec: [{ point: '4', section: 'Other states' }] },
  {
    name: 'suborder-life',
    machine: suborderLifeMachine,
    spec: [{ beyond: 'erpOrders' }],
  },
  {
    name: 'order-amendment',
    machine: orderAmendmentMachine,
    spec: [{ beyond: 'orderAmendment' }],
  },
  {
    name: 'notifications',
    machine: notificationsMachine,
    spec: [
      { point: '2', section: 'Header and shell' },
      { point: '4', section: 'Data loading' },
    ],
  },
  {
    name: 'notification-reads',
    machine: notificationReadsMachine,
    spec: [{ point: '2', section: 'Header and shell' }],
  },
  { name: 'announcement-reads', machine: announcementReadsMachine, spec: [{ beyond: 'announcements' }] },
  { name: 'favourite-lists', machine: favouriteListsMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'add-to-list', machine: addToListMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'favourite-list-create', machine: favouriteListCreateMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'favourite-list', machine: favouriteListMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'favourite-list-to-cart', machine: favouriteListToCartMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'stock-take', machine: stockTakeMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'order-guide-build', machine: orderGuideBuildMachine, spec: [{ beyond: 'favourites' }] },
  { name: 'substitute-choice', machine: substituteChoiceMachine, spec: [{ beyond: 'substitutes' }] },
  {
    name: 'substitute-preference',
    machine: substitutePreferenceMachine,
    spec: [{ beyond: 'substitutes' }],
  },
  { name: 'document-file', machine: documentFileMachine, spec: [{ beyond: 'documents' }] },
  { name: 'standing-order', machine: standingOrderMachine, spec: [{ beyond: 'standingOrders' }] },
  {
    name: 'standing-order-occurrence',
    machine: occurrenceMachine,
    spec: [{ beyond: 'standingOrders' }],
  },
  {
    name: 'company-info',
    machine: companyInfoMachine,
    spec: [
      { point: '2', section: 'Other screens named by the texts' },
      { point: '6', section: 'Roles and permissions' },
    ],
  },
  {
    name: 'address-editor',
    machine: addressEditorMachine,
    spec: [
      { point: '2', section: 'Other screens named by the texts' },
      { point: '5', section: 'Validation rules' },
    ],
  },
  { name: 'users', machine: usersMachine, spec: [{ point: '6', section: 'Roles and permissions' }] },
  {
    name: 'new-user',
    machine: newUserMachine,
    spec: [
      { point: '6', section: 'Roles and permissions' },
      { point: '5', section: 'Validation rules' },
    ],
  },
  {
    name: 'user-editor',
    machine: userEditorMachine,
    spec: [
      { point: '6', section: 'Roles and permissions' },
      { point: '5', section: 'Validation rules' },
    ],
  },
  {
    name: 'account',
    machine: accountMachine,
    spec: [{ point: '2', section: 'Other screens named by the texts' }],
  },
  {
    name: 'registration',
    machine: registrationMachine,
    spec: [
      { point: '5', section: 'Validation rules' },
      { point: '4', section: 'Other states' },
    ],
  },
  { name: 'password-reset', machine: passwordResetMachine, spec: [{ point: '4', section: 'Other states' }] },
  {
    name: 'change-password',
    machine: changePasswordMachine,
    spec: [{ point: '8', section: 'The error catalogue' }],
  },
  { name: 'delete-account', machine: deleteAccountMachine, spec: [{ point: '4', section: 'Other states' }] },
  {
    name: 'statechart-simulation',
    machine: statechartSimulationMachine,
    spec: [{ beyond: 'statechartStudio' }],
  },
  { name: 'live-inspection', machine: liveInspectionMachine, spec: [{ beyond: 'statechartStudio' }] },
  { name: 'flow-sign-off', machine: flowSignOffMachine, spec: [{ beyond: 'statechartStudio' }] },
  { name: 'staff-session', machine: staffSessionMachine, spec: [{ beyond: 'staffConsole' }] },
  { name: 'import-upload', machine: importUploadMachine, spec: [{ beyond: 'staffConsole' }] },
  { name: 'api-keys', machine: apiKeysMachine, spec: [{ beyond: 'staffConsole' }] },
  {
    name: 'webhook-endpoints',
    machine: webhookEndpointsMachine,
    spec: [{ beyond: 'erpOrders' }, { beyond: 'staffConsole' }],
  },
  {
    name: 'webhook-deliveries',
    machine: webhookDeliveriesMachine,
    spec: [{ beyond: 'erpOrders' }, { beyond: 'staffConsole' }],
  },
  {
    name: 'suborder-lookup',
    machine: suborderLookupMachine,
    spec: [{ beyond: 'erpOrders' }, { beyond: 'staffConsole' }],
  },
];

export function catalogEntry(name: string): CatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.name === name);
}
