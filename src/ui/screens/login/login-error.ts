/** The session machine's login errors, as the login screen shows them. */
export type { SessionError as LoginError } from '../../../machines/session';
