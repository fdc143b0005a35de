/** The login form's own rule: both fields are needed before anything is sent (a blank username is empty). */
export interface MissingCredentials {
  username: boolean;
  password: boolean;
}

export const missingCredentials = (username: string, password: string): MissingCredentials => ({
  username: username.trim() === '',
  // a password is taken as typed: spaces may be part of it
  password: password === '',
});

export const anyMissing = (missing: MissingCredentials) => missing.username || missing.password;
