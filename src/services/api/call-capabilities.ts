import type { AccountAccessApi } from './account-access';
import { type Capability, isMissingCall } from './capabilities';
import { ApiError } from './errors';
import type { SignedInAreasApi } from './signed-in-areas';

/**
 * The capability each call beyond the specification's table belongs to; a call not named here is one
 * of the specification's own (SPEC point 7), which every backend has.
 */
export const signedInCallCapabilities = {
  account: 'accountEdit',
  saveAccount: 'accountEdit',
  confirmEmail: 'accountEdit',
  cancelEmailChange: 'accountEdit',
  addCartItemsBulk: 'cartBulk',
  markAnnouncementRead: 'announcementReads',
  brands: 'brands',
  campaign: 'campaignDetail',
  user: 'userManagement',
  createUser: 'userManagement',
  updateUser: 'userManagement',
  deleteUser: 'userManagement',
  setUserActive: 'userManagement',
  confirmUserEmail: 'userManagement',
  cancelUserEmailChange: 'userManagement',
  favouriteLists: 'favourites',
  favouriteList: 'favourites',
  createFavouriteList: 'favourites',
  updateFavouriteList: 'favourites',
  deleteFavouriteList: 'favourites',
  putFavouriteItem: 'favourites',
  removeFavouriteItem: 'favourites',
  buildOrderGuide: 'orderGuides',
  documents: 'documents',
  deliveryCalendar: 'deliveryCalendar',
  deliveryTerms: 'deliveryCalendar',
  documentFile: 'documents',
  invoice: 'invoices',
  lookUpProducts: 'quickOrderLookup',
  productByGtin: 'barcodeLookup',
  notifications: 'notifications',
  notification: 'notifications',
  markNotificationRead: 'notifications',
  markAllNotificationsRead: 'notifications',
  order: 'orderDetail',
  amendOrder: 'orderAmendment',
  cancelOrder: 'orderAmendment',
  previewOrder: 'orderPreview',
  product: 'productDetail',
  productPage: 'productPages',
  flowScreens: 'studio',
  flowScreenImage: 'studio',
  flowSignOffs: 'studio',
  signOffFlow: 'studio',
  studioFlowUsage: 'flowUsage',
  substitutes: 'substitutes',
  acceptSubstitute: 'substitutes',
  substitutePreference: 'substitutes',
  setSubstitutePreference: 'substitutes',
  standingOrders: 'standingOrders',
  standingOrderOccurrences: 'standingOrders',
  createStandingOrder: 'standingOrders',
  updateStandingOrder: 'standingOrders',
  endStandingOrder: 'standingOrders',
  setOccurrenceLines: 'standingOrders',
  actOnOccurrence: 'standingOrders',
} as const satisfies Partial<Record<keyof SignedInAreasApi, Capability>>;

export const accessCallCapabilities = {
  requestPasswordReset: 'passwordReset',
  verifyResetCode: 'passwordReset',
  resetPassword: 'passwordReset',
  revokeSession: 'revoke',
} as const satisfies Partial<Record<keyof AccountAccessApi, Capability>>;

/**
 * The same API, whose capability calls tell `onMissingCall` when the backend turns out not to have
 * them; the call still fails, so the machine that made it goes to the state that says so. A call of a
 * capability the backend is already known to lack fails the same way at once, without a request.
 */
export function reportingMissingCalls<T extends object>(
  api: T,
  capabilities: Partial<Record<keyof T, Capability>>,
  onMissingCall: (capability: Capability) => void,
  lacks: (capability: Capability) => boolean = () => false,
): T {
  const reporting = { ...api };
  for (const [method, capability] of Object.entries(capabilities) as [keyof T, Capability][]) {
    const real = api[method] as (...args: unknown[]) => Promise<unknown>;
    (reporting as Record<keyof T, unknown>)[method] = async (...args: unknown[]) => {
      if (lacks(capability)) throw notOffered(String(method), capability);
      return real(...args).catch((error: unknown) => {
        if (isMissingCall(error)) onMissingCall(capability);
        throw error;
      });
    };
  }
  return reporting;
}

/** What a call of an absent capability answers: as the backend would (501), so machines take one path. */
const notOffered = (method: string, capability: Capability) =>
  new ApiError(
    { kind: 'http', call: method, status: 501, code: 'not_offered' },
    `${method}: the backend does not offer ${capability}`,
  );
