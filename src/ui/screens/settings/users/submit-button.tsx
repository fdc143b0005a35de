import { Spinner } from '../../../components/spinner';
import { primaryButtonClass } from './form-classes';

/** A form's submit button: disabled with a spinner and the busy words while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" disabled={busy} className={`${primaryButtonClass} self-start`}>
      {busy ? <Spinner className="size-4" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
