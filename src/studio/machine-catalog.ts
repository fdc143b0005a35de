import type { AnyStateMachine } from 'xstate';
import type studioEnglish from '../locales/studio/en.json';
import { accountMachine } from '../machines/account.machine';
import { addToCartMachine } from '../machines/add-to-cart.machine';
import { addToListMachine } from '../machines/add-to-list.machine';
import { addressEditorMachine } from '../machines/address-editor.machine';
import { announcementReadsMachine } from '../machines/announcement-reads.machine';
import { appMachine } from '../machines/app.machine';
import { cartMachine } from '../machines/cart.machine';
import { cartLineMachine } from '../machines/cart-line.machine';
import { cartQuoteMachine } from '../machines/cart-quote.machine';
import { campaignDetailMachine } from '../machines/catalogue-campaign.machine';
import { changePasswordMachine } from '../machines/change-password.machine';
import { checkoutMachine } from '../machines/checkout.machine';
import { companyInfoMachine } from '../machines/company-info.machine';
import { deleteAccountMachine } from '../machines/delete-account.machine';
import { documentFileMachine } from '../machines/document-file.machine';
import { favouriteListMachine } from '../machines/favourite-list.machine';
import { favouriteListCreateMachine } from '../machines/favourite-list-create.machine';
import { favouriteListToCartMachine } from '../machines/favourite-list-to-cart.machine';
import { favouriteListsMachine } from '../machines/favourite-lists.machine';
import { languageChangeMachine } from '../machines/language-change.machine';
import { liveInspectionMachine } from '../machines/live-inspection.machine';
import { notificationReadsMachine } from '../machines/notification-reads.machine';
import { notificationsMachine } from '../machines/notifications.machine';
import { orderDetailMachine } from '../machines/order-detail.machine';
import { ordersResource } from '../machines/orders.machine';
import { passwordResetMachine } from '../machines/password-reset.machine';
import { preferencesMachine } from '../machines/preferences.machine';
import { productCsvExportMachine } from '../machines/product-csv-export.machine';
import { productDialogMachine } from '../machines/product-dialog.machine';
import { productListMachine } from '../machines/product-list.machine';
import { productRowMachine } from '../machines/product-row.machine';
import { quickOrderMachine } from '../machines/quick-order.machine';
import { quickOrderFilesMachine } from '../machines/quick-order-files.machine';
import { registrationMachine } from '../machines/registration.machine';
import { reorderMachine } from '../machines/reorder.machine';
import { createResourceMachine } from '../machines/resource.machine';
import { searchMachine } from '../machines/search.machine';
import { sessionMachine } from '../machines/session.machine';
import { statechartSimulationMachine } from '../machines/statechart-simulation.machine';
import { userEditorMachine } from '../machines/user-editor.machine';
import { usersMachine } from '../machines/users.machine';

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
  { name: 'quick-order', machine: quickOrderMachine, spec: 'Spec §4 Other states; issue 5' },
  { name: 'quick-order-files', machine: quickOrderFilesMachine, spec: 'Spec §4 Other states; issue 5' },
  { name: 'orders', machine: ordersResource, spec: 'Spec §2 Routes' },
  { name: 'order-detail', machine: orderDetailMachine, spec: 'Spec §2 Other screens' },
  { name: 'reorder', machine: reorderMachine, spec: 'Spec §4 Other states' },
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
  { name: 'user-editor', machine: userEditorMachine, spec: 'Spec §6 Roles and permissions; §5 Validation' },
  { name: 'account', machine: accountMachine, spec: 'Spec §2 Other screens' },
  { name: 'registration', machine: registrationMachine, spec: 'Spec §5 Validation rules; §4 Other states' },
  { name: 'password-reset', machine: passwordResetMachine, spec: 'Spec §4 Other states' },
  { name: 'change-password', machine: changePasswordMachine, spec: 'Spec §8 The error catalogue' },
  { name: 'delete-account', machine: deleteAccountMachine, spec: 'Spec §4 Other states' },
  { name: 'statechart-simulation', machine: statechartSimulationMachine, spec: 'Issue 13, Simulate' },
  { name: 'live-inspection', machine: liveInspectionMachine, spec: 'Issue 13, Live' },
];

export function catalogEntry(name: string): CatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.name === name);
}
