/** A snapshot's day (yyyy-mm-dd, UTC) in the reader's language. */
export const formatDay = (language: string, day: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A sign-off's moment in the reader's language and time zone. */
export const formatMoment = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
