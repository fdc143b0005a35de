export { createPortalInSteps, loadRuntimeConfig, type Portal } from './app.actor';
export { appMachine } from './app.machine';
export {
  type OrdersRef,
  selectAnnouncementReadsRef,
  selectAppChild,
  selectCartRef,
  selectConfigurationRef,
  selectFavouriteListsRef,
  selectLanguageChangeRef,
  selectNotificationReadsRef,
  selectNotificationsRef,
  selectOrdersRef,
  selectPreferencesRef,
  selectSessionRef,
  selectUnitsRef,
} from './app.selectors';
export { preferencesMachine } from './preferences.machine';
export { selectSidebar, selectTheme } from './preferences.selectors';
export { tabSyncMachine } from './tab-sync.machine';
