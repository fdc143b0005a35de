import { useActorRef, useSelector } from '@xstate/react';
import { bindRegistration, selectIsRegistered } from '../../../../machines/account';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { RegistrationDone } from './registration-done';
import { RegistrationForm } from './registration-form';

/** The registration's own machine: the form until the account exists, then the confirmation. */
export function RegistrationFlow() {
  const registration = useActorRef(useBoundMachine(bindRegistration), usePortalInspection());
  const registered = useSelector(registration, selectIsRegistered);
  return registered ? <RegistrationDone /> : <RegistrationForm registration={registration} />;
}
