import type { ActorRefFrom } from 'xstate';
import type { passwordResetMachine } from '../../../../machines/account';

/** The flow's one running machine, handed to each step's screen. */
export type PasswordResetRef = ActorRefFrom<typeof passwordResetMachine>;
