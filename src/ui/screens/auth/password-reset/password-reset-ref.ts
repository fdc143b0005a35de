import type { ActorRefFrom } from 'xstate';
import type { passwordResetMachine } from '../../../../machines/password-reset.machine';

/** The flow's one running machine, handed to each step's screen. */
export type PasswordResetRef = ActorRefFrom<typeof passwordResetMachine>;
