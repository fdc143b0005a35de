import type { SignedInAreasApi } from './signed-in-areas';

/**
 * The names of the signed-in calls, known before their module loads; tests/services/signed-in-areas.test.ts
 * checks that the list holds exactly the real methods. One string split at start: fewer bytes on the login
 * route (budget 130 kB gzip) than an array literal.
 */
export const signedInAreaMethods =
  'account addCartItem addCartItemsBulk announcements brands campaign campaigns cancelEmailChange cancelUserEmailChange cartItems categories companyInfo confirmEmail confirmUserEmail createFavouriteList createUser customerCurrency deleteFavouriteList deliveryCalendar deleteUser documentFile documents favouriteList favouriteLists featuredProducts invoice lookUpProducts markAllNotificationsRead markAnnouncementRead markNotificationRead newestProducts notification notifications order orders placeOrder previewOrder product productPage productUnits putFavouriteItem removeCartItem removeFavouriteItem saveAccount saveCompanyInfo searchProducts setUserActive updateCartItem updateFavouriteList updateUser user users'.split(
    ' ',
  ) as (keyof SignedInAreasApi)[];
