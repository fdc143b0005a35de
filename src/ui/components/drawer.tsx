import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { headerButtonClass } from '../app/layout/header-button-class';

/**
 * A modal panel sliding in from one edge: a titled dialog with a close button in its header, so
 * every drawer is announced and dismissed the same way (Escape and the backdrop close it too).
 */
export function Drawer({
  open,
  onClose,
  title,
  closeLabel,
  className = '',
  panelClassName,
  titleClassName = 'font-semibold',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** the close button's accessible name */
  closeLabel: string;
  /** on the dialog itself (e.g. a drawer only the phone layout has) */
  className?: string;
  /** the edge it comes from and its width */
  panelClassName: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className={`relative z-50 ${className}`}>
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className={`fixed inset-y-0 flex flex-col bg-surface-raised shadow-xl ${panelClassName}`}>
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-line ps-4 pe-2">
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <button type="button" onClick={onClose} aria-label={closeLabel} className={headerButtonClass}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
