import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action that cannot be taken back silently (logout, removals). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel } = props;
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-lg border border-line bg-surface-raised p-5 shadow-xl">
          <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
          <Description className="mt-2 text-fg-muted">{message}</Description>
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              onClick={onCancel}
              className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken"
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="tap-target rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong"
            >
              {confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
