import type { SnapshotFrom } from 'xstate';
import type { staffSessionMachine } from './staff-session.machine';

export type StaffSessionSnapshot = SnapshotFrom<typeof staffSessionMachine>;

export const selectStaffIsRestoring = (s: StaffSessionSnapshot) => s.matches('restoring');
export const selectStaffIsSignedIn = (s: StaffSessionSnapshot) => s.matches('signedIn');
export const selectStaffIsSigningIn = (s: StaffSessionSnapshot) => s.hasTag('busy');
/** the signed-in staff user's name, for the header */
export const selectStaffName = (s: StaffSessionSnapshot) => s.context.session?.name ?? null;
export const selectStaffToken = (s: StaffSessionSnapshot) => s.context.session?.access ?? null;
export const selectStaffUsername = (s: StaffSessionSnapshot) => s.context.username;
export const selectStaffPassword = (s: StaffSessionSnapshot) => s.context.password;
export const selectStaffCanSubmit = (s: StaffSessionSnapshot) =>
  s.context.username.trim() !== '' && s.context.password !== '';

export type StaffSignInProblem = 'expired' | 'wrongCredentials' | 'throttled' | 'noAnswer' | null;
/** the one message above the form */
export const selectStaffSignInProblem = (s: StaffSessionSnapshot): StaffSignInProblem => {
  for (const problem of ['expired', 'wrongCredentials', 'throttled', 'noAnswer'] as const)
    if (s.matches({ signedOut: problem })) return problem;
  return null;
};
/** a throttled sign-in's wait in whole minutes (at least one) */
export const selectStaffWaitMinutes = (s: StaffSessionSnapshot) =>
  Math.max(1, Math.ceil((s.context.retryAfterSeconds ?? 60) / 60));
