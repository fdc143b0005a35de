import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** the confirmed action runs: both buttons wait, the confirm button spins with `busyLabel` */
  busy?: boolean;
  busyLabel?: string;
  /** a permanent removal: the confirm button is red */
  danger?: boolean;
  /** why the last attempt failed, under the question; `confirmHidden` when it carries its own retry */
  children?: ReactNode;
  confirmHidden?: boolean;
  /** the question is not answered yet (a typed confirmation that does not match) */
  confirmDisabled?: boolean;
}

/** A yes/no question before an action that cannot be taken back silently (logout, removals). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false } = props;
  const confirmClass = props.danger
    ? 'bg-danger text-danger-contrast'
    : 'bg-brand text-brand-contrast hover:bg-brand-strong';
  return (
    // Escape or a click outside cannot cancel an action already under way.
    <Dialog open={open} onClose={() => (busy ? undefined : onCancel())} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-lg border border-line bg-surface-raised p-5 shadow-xl">
          <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
          <Description className="mt-2 text-fg-muted">{message}</Description>
          {props.children ? <div className="mt-3">{props.children}</div> : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={onCancel}
              disabled={busy}
              className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken disabled:opacity-60"
            >
              {cancelLabel}
            </button>
            {props.confirmHidden ? null : (
              <button
                type="button"
                onClick={onConfirm}
                disabled={busy || props.confirmDisabled}
                className={`tap-target inline-flex items-center gap-2 rounded-md px-4 font-medium disabled:opacity-60 ${confirmClass}`}
              >
                {busy ? <Spinner className="size-4" /> : null}
                {busy && props.busyLabel ? props.busyLabel : confirmLabel}
              </button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
