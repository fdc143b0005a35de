/**
 * The paths the login route links to or checks, apart from the rest of the portal's (`routes.ts`, which
 * includes these): the login route ships only what it uses (budget 130 kB gzip).
 */
export const signInPaths = {
  home: '/',
  auth: '/auth',
  forgotPassword: '/auth/forgot-password/',
  secureCode: '/auth/secure-code/',
  newPassword: '/auth/new-password/',
  register: '/auth/register/',
} as const;
