/** Spec point 2 routes, in one place so links and the router cannot drift apart. */
export const paths = {
  home: '/',
  orders: '/orders/',
  products: '/products/',
  campaigns: '/campaigns/',
  settings: '/settings/',
  auth: '/auth',
  forgotPassword: '/auth/forgot-password/',
  secureCode: '/auth/secure-code/',
  newPassword: '/auth/new-password/',
  register: '/auth/register/',
  /** catalog list: brands and categories */
  catalog: '/catalog/',
  /** the home page's category buttons open the product list with the category preselected */
  productsInCategory: (categoryId: number) => `/products/?category=${categoryId}`,
  campaign: (campaignId: number) => `/campaigns/${campaignId}`,
  catalogBrand: (brandId: number) => `/catalog/brand/${brandId}`,
  catalogCategory: (categoryId: number) => `/catalog/category/${categoryId}`,
  notification: (notificationId: number) => `/notifications/${notificationId}`,
} as const;

/** Route patterns (wouter) for the paths that carry an id. */
export const routePatterns = {
  campaign: '/campaigns/:id',
  catalogBrand: '/catalog/brand/:id',
  catalogCategory: '/catalog/category/:id',
  notification: '/notifications/:id',
} as const;
