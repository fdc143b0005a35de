// PLACEHOLDER until the registration helper lands its screen (issue 11).
export function RegistrationScreen() {
  return null;
}
