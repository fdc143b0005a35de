/** The staff area's routes, relative to /staff (wouter's nested router). */
export const staffPaths = {
  imports: '/',
  keys: '/keys/',
  job: (id: string) => `/imports/${encodeURIComponent(id)}/`,
  jobPattern: '/imports/:id/',
} as const;
