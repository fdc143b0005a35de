import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectDialogProduct, selectIsDialogOpen, selectIsImageEnlarged } from '../../../machines/product';
import { ProductDialogBody } from './product-dialog-body';
import { ProductDialogImage } from './product-dialog-image';
import type { ProductDialogRef } from './product-dialog-types';

/** Spec point 2, product detail dialog: opened from search results and every product table or list. */
export function ProductDialog({ dialog }: { dialog: ProductDialogRef }) {
  const { t } = useTranslation();
  const open = useSelector(dialog, selectIsDialogOpen);
  const product = useSelector(dialog, selectDialogProduct);
  const enlarged = useSelector(dialog, selectIsImageEnlarged);
  const close = () => dialog.send({ type: 'productDialog.closed' });
  // Escape closes the innermost layer (the chart decides which): handled here, before the dialog
  // library's own Escape, which would close the whole dialog. A layer inside that took the key (a menu)
  // has marked it handled; a dialog opened from this one is portalled out of the panel and closes itself.
  const dismiss = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    dialog.send({ type: 'productDialog.dismissed' });
  };
  return (
    <Dialog open={open && product !== null} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto sm:items-center sm:p-4">
        <DialogPanel
          onKeyDown={dismiss}
          className="relative max-h-dvh w-full max-w-3xl overflow-y-auto rounded-t-xl border border-line bg-surface-raised shadow-xl sm:max-h-[90dvh] sm:rounded-xl"
        >
          {product && (
            <>
              <div className="sticky top-0 z-10 flex items-start gap-2 border-b border-line bg-surface-raised px-4 py-2">
                <DialogTitle className="min-w-0 flex-1 py-2 text-lg font-semibold leading-snug">
                  <bdi>{product.name}</bdi>
                </DialogTitle>
                <button
                  type="button"
                  onClick={close}
                  aria-label={t('common.close')}
                  className="tap-target inline-flex shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-fg"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </div>
              <div
                className={`grid gap-5 p-4 ${enlarged ? '' : 'md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]'}`}
              >
                <ProductDialogImage
                  product={product}
                  enlarged={enlarged}
                  onToggle={() => dialog.send({ type: 'productDialog.imageToggled' })}
                />
                <ProductDialogBody dialog={dialog} product={product} onNavigate={close} />
              </div>
            </>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
