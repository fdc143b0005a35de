import type { ActorRefFrom } from 'xstate';
import type { registrationMachine } from '../../../../machines/account';

export type RegistrationRef = ActorRefFrom<typeof registrationMachine>;
