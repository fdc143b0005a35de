import { signInPaths } from './sign-in-paths';

/**
 * Every route of the portal in one place, so links and the routers cannot drift apart: the paths and
 * path builders links use, and the patterns the route table (`main-routes.tsx`) matches. The /auth/*
 * flow's table (`screens/auth/auth-routes.tsx`) is nested under `paths.auth` and matches the rest of
 * `paths.forgotPassword`, `paths.secureCode`, `paths.newPassword` and `paths.register`.
 */
export const paths = {
  ...signInPaths,
  orders: '/orders/',
  products: '/products/',
  campaigns: '/campaigns/',
  /** the favourite lists, and one list */
  favourites: '/favourites/',
  favouriteList: (listId: number) => `/favourites/${listId}/`,
  /** standing orders (their other paths: screens/standing-orders/standing-order-paths.ts) */
  standingOrders: '/standing-orders/',
  /** the supplier's documents and the company's invoices */
  documents: '/documents/',
  /** the statechart studio (users with can_review_flows; everyone under `npm run dev`) */
  statecharts: '/statecharts/',
  settings: '/settings/',
  settingsCompany: '/settings/company/',
  settingsAddresses: '/settings/addresses/',
  settingsUsers: '/settings/users/',
  settingsNewUser: '/settings/users/new/',
  /** /settings/users/{id}/: one user of the company (main user only) */
  settingsUser: (userId: number) => `/settings/users/${userId}/`,
  settingsAccount: '/settings/account/',
  settingsLanguage: '/settings/language/',
  settingsQuickOrder: '/settings/quick-order/',
  settingsSubstitutes: '/settings/substitutes/',
  /** catalog list: brands and categories */
  catalog: '/catalog/',
  /** the home page's category buttons open the product list with the category preselected */
  productsInCategory: (categoryId: number) => `/products/?category=${categoryId}`,
  /** the search results page: Enter in the search box */
  searchResults: (query: string) => `/products/?${new URLSearchParams({ q: query })}`,
  campaign: (campaignId: number) => `/campaigns/${campaignId}`,
  catalogBrand: (brandId: number) => `/catalog/brand/${brandId}`,
  catalogCategory: (categoryId: number) => `/catalog/category/${categoryId}`,
  notification: (notificationId: number) => `/notifications/${notificationId}`,
  /** /orders/{id}: the order detail, fetched by id. */
  order: (orderId: number) => `/orders/${orderId}`,
  /** /order-detail: the home table's variant, the order passed along in history state (id kept for a reload). */
  orderDetail: (orderId: number) => `/order-detail?id=${orderId}`,
} as const;

/** Route patterns (wouter) for the paths that carry an id. */
export const routePatterns = {
  order: '/orders/:id',
  orderDetail: '/order-detail',
  campaign: '/campaigns/:id',
  catalogBrand: '/catalog/brand/:id',
  catalogCategory: '/catalog/category/:id',
  notification: '/notifications/:id',
  favouriteList: '/favourites/:id/',
  /** the settings area and every section below it (its own table: screens/settings/settings-screen.tsx) */
  settingsArea: '/settings/*?',
  settingsUser: '/settings/users/:id/',
  /** the standing orders and every page below them (their own table: screens/standing-orders/) */
  standingOrdersArea: '/standing-orders/*?',
  /** the studio and every page below it (its own table: screens/statecharts/statechart-studio.tsx) */
  statechartsArea: '/statecharts/*?',
} as const;
