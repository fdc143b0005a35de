import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectIsResetBusy, selectResetFailed } from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { MachineForm } from '../../../components/forms/machine-form';
import { BackToLogin } from '../back-to-login';
import type { PasswordResetRef } from './password-reset-ref';
import { StepBody, StepHeader, SubmitButton } from './reset-parts';

/**
 * A step of the reset that is one form: its title and text, what the step says above the form, the
 * unexpected failure with Try again, the fields, the submit button and the way back to the login.
 */
export function ResetFormStep({
  reset,
  title,
  text,
  notice,
  submitLabel,
  busyLabel,
  children,
}: {
  reset: PasswordResetRef;
  title: string;
  text: string;
  /** shown above the failure and the form (a throttle note) */
  notice?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** the step's fields */
  children: ReactNode;
}) {
  const busy = useSelector(reset, selectIsResetBusy);
  const failed = useSelector(reset, selectResetFailed);
  return (
    <StepBody>
      <StepHeader title={title} text={text} />
      {notice}
      {failed ? <ErrorState onRetry={() => reset.send({ type: 'passwordReset.retried' })} /> : null}
      <MachineForm onSubmit={() => reset.send({ type: 'passwordReset.submitted' })} busy={busy}>
        {children}
        <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
      </MachineForm>
      <BackToLogin />
    </StepBody>
  );
}
