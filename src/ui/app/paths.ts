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
} as const;
