import { NotOffered } from '../../../components/not-offered';
import { BackToLogin } from '../back-to-login';
import { StepBody } from './reset-parts';

/** The backend has no password reset: one sentence, and the way back to the login screen. */
export function ResetNotOffered() {
  return (
    <StepBody>
      <NotOffered />
      <BackToLogin />
    </StepBody>
  );
}
