import type { ActorRefFrom } from 'xstate';
import type { registrationMachine } from '../../../../machines/registration.machine';

export type RegistrationRef = ActorRefFrom<typeof registrationMachine>;
