import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import {
  bindPasswordReset,
  type PasswordResetScreen,
  type PasswordResetStep,
  selectPasswordResetScreen,
} from '../../../../machines/account';
import { paths } from '../../../app/routes';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import { ForgotPasswordStep } from './forgot-password-step';
import { NewPasswordStep } from './new-password-step';
import { ResetDone } from './reset-done';
import { ResetNotOffered } from './reset-not-offered';
import { SecurityCodeStep } from './security-code-step';

/** Where each screen lives (the closing note stays at the last step's address). */
const pathOf: Record<Exclude<PasswordResetScreen, 'notOffered'>, string> = {
  email: paths.forgotPassword,
  code: paths.secureCode,
  password: paths.newPassword,
  done: paths.newPassword,
};
const order: Record<Exclude<PasswordResetScreen, 'notOffered'>, number> = {
  email: 0,
  code: 1,
  password: 2,
  done: 3,
};
const routeOf = (screen: Exclude<PasswordResetScreen, 'notOffered'>): PasswordResetStep =>
  screen === 'done' ? 'password' : screen;

/**
 * A backend known to lack the reset (its discovery said so) gets the note without the flow, so no
 * call of it is made; one that turns out to lack it while the flow runs ends in the same note.
 */
export function PasswordResetFlow({ routeStep }: { routeStep: PasswordResetStep }) {
  return useCapability('passwordReset') ? <PasswordResetSteps routeStep={routeStep} /> : <ResetNotOffered />;
}

/**
 * The password reset (spec point 2): one machine for the three routes. The machine decides the step;
 * this keeps the URL in step with it. When the machine moves on, the new step's address is pushed
 * (the nested /auth router is left with `~`). A browser Back to an earlier step takes the machine
 * back there, keeping what was typed; an address ahead of the machine (a reload, a typed link) is
 * replaced with the machine's step.
 */
// The route's step is the machine's step type (auth-routes.tsx's PasswordResetRouteStep is the same
// union; importing it from there would close an import cycle with the lazy import of this file).
function PasswordResetSteps({ routeStep }: { routeStep: PasswordResetStep }) {
  const reset = useActorRef(useBoundMachine(bindPasswordReset), usePortalInspection());
  const screen = useSelector(reset, selectPasswordResetScreen);
  const [, navigate] = useLocation();
  const lastScreen = useRef(screen);

  useEffect(() => {
    const machineMoved = lastScreen.current !== screen;
    lastScreen.current = screen;
    // the note stands at whichever address the flow was at
    if (screen === 'notOffered') return;
    if (routeStep === routeOf(screen)) return;
    if (machineMoved) navigate(`~${pathOf[screen]}`);
    else if (screen !== 'done' && order[routeStep] < order[screen])
      reset.send({ type: 'passwordReset.returnedTo', step: routeStep });
    else navigate(`~${pathOf[screen]}`, { replace: true });
  }, [routeStep, screen, navigate, reset]);

  switch (screen) {
    case 'email':
      return <ForgotPasswordStep reset={reset} />;
    case 'code':
      return <SecurityCodeStep reset={reset} />;
    case 'password':
      return <NewPasswordStep reset={reset} />;
    case 'notOffered':
      return <ResetNotOffered />;
    default:
      return <ResetDone />;
  }
}
