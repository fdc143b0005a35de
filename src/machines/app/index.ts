export {
  type AppActor,
  capabilityReporting,
  createPortalInSteps,
  loadRuntimeConfig,
  type Portal,
} from './app.actor';
export { appMachine } from './app.machine';
export {
  type ConnectivityRef,
  type OrdersRef,
  selectAnnouncementReadsRef,
  selectAppChild,
  selectCapabilitiesRef,
  selectCartRef,
  selectConfigurationRef,
  selectConnectivityRef,
  selectFavouriteListsRef,
  selectLanguageChangeRef,
  selectNotificationReadsRef,
  selectNotificationsRef,
  selectOrdersRef,
  selectPreferencesRef,
  selectSessionRef,
  selectUnitsRef,
} from './app.selectors';
export { type Capability, capabilitiesMachine } from './capabilities.machine';
export { selectHasCapability } from './capabilities.selectors';
export { preferencesMachine } from './preferences.machine';
export { selectSidebar, selectTheme } from './preferences.selectors';
export { tabSyncMachine } from './tab-sync.machine';
