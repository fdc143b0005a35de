/**
 * The login form's own rule: both fields are needed before anything is sent. A blank username is
 * empty; a password is taken as typed (spaces may be part of it).
 */
export const missingCredentials = (username: string, password: string) => ({
  username: !username.trim(),
  password: !password,
});
