import type { SignedInAreasApi } from './signed-in-areas';

/**
 * The names of the signed-in calls, known before their module loads. The compiler checks that the list
 * holds only real methods; tests/services/signed-in-areas.test.ts checks that it misses none.
 */
export const signedInAreaMethods = [
  'account',
  'addCartItem',
  'addCartItemsBulk',
  'announcements',
  'brands',
  'campaign',
  'campaigns',
  'cancelEmailChange',
  'cancelUserEmailChange',
  'cartItems',
  'categories',
  'companyInfo',
  'confirmEmail',
  'confirmUserEmail',
  'createFavouriteList',
  'createUser',
  'customerCurrency',
  'deleteFavouriteList',
  'deleteUser',
  'documentFile',
  'documents',
  'favouriteList',
  'favouriteLists',
  'featuredProducts',
  'invoice',
  'lookUpProducts',
  'markAllNotificationsRead',
  'markAnnouncementRead',
  'markNotificationRead',
  'newestProducts',
  'notification',
  'notifications',
  'order',
  'orders',
  'placeOrder',
  'previewOrder',
  'product',
  'productPage',
  'productUnits',
  'putFavouriteItem',
  'removeCartItem',
  'removeFavouriteItem',
  'saveAccount',
  'saveCompanyInfo',
  'searchProducts',
  'setUserActive',
  'updateCartItem',
  'updateFavouriteList',
  'updateUser',
  'user',
  'users',
] as const satisfies readonly (keyof SignedInAreasApi)[];

type Missing = Exclude<keyof SignedInAreasApi, (typeof signedInAreaMethods)[number]>;
/** Fails to compile when a signed-in call is added without its name here. @public (read by the compiler only) */
export const everySignedInCallIsListed: [Missing] extends [never] ? true : Missing = true;
