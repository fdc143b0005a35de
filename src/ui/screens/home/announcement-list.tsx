// PLACEHOLDER (issue 12 contract): replaced by the helper who owns announcements.
/** The supplier's announcements on the home screen, above the campaigns. */
export function AnnouncementList() {
  return null;
}
