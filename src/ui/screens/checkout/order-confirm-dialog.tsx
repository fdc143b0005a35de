import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { isoToDayMonthYear } from '../../../domain/day-month-year';
import type { CartItem, Unit } from '../../../domain/types';
import {
  selectCanCancelDialog,
  selectCanConfirm,
  selectConfirmsWithoutPreview,
  selectDeliveryDate,
  selectIsConfirming,
  selectIsPreorder,
  selectIsPreviewing,
  selectIsSubmitting,
  selectIsSubmittingSlowly,
  selectPreview,
  selectPreviewFailed,
  selectPreviewMinimumOrder,
  selectSuborderDays,
} from '../../../machines/checkout';
import { PriceBasisNote } from '../../app/price/price-basis-note';
import { Spinner } from '../../components/spinner';
import type { CheckoutRef } from '../../hooks/cart-hooks';
import { usePriceFormatter } from '../../hooks/use-price-formatter';
import { OrderSplitPreview } from './order-split-preview';
import { PlainOrderSummary } from './plain-order-summary';

const sameDays = (a: readonly (string | null)[], b: readonly (string | null)[]) =>
  a.length === b.length && a.every((day, index) => day === b[index]);

// First-strong isolates keep the amounts in their own direction inside Arabic text.
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The previewed order is below the drop's minimum order value: by how much, and the fee it adds. */
function PreviewMinimumOrderNote({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  const minimum = useSelector(checkout, selectPreviewMinimumOrder);
  if (minimum === null || price.status !== 'ready') return null;
  const values = {
    amount: isolate(price.money(minimum.missing)),
    minimum: isolate(price.money(minimum.value)),
    fee: isolate(price.money(minimum.fee ?? '0')),
  };
  return (
    <p role="alert" className="mb-3 rounded-md border border-brand/40 bg-surface-sunken p-3">
      {minimum.fee === null ? t('minimumOrder.previewBelow', values) : t('minimumOrder.previewFee', values)}
    </p>
  );
}

interface OrderConfirmDialogProps {
  checkout: CheckoutRef;
  productNames: ReadonlyMap<number, string>;
  units: Unit[] | null;
  /** the cart's lines, shown as they are where the backend has no order preview */
  items: readonly CartItem[];
}

/**
 * Spec point 4: a confirmation precedes the order. It shows the server's split into suborders per
 * warehouse; Confirm is refused by the machine while a submit runs, so a double click makes one order.
 * A backend without the preview gets the cart's own summary and the note that the supplier adds fees.
 */
export function OrderConfirmDialog({ checkout, productNames, units, items }: OrderConfirmDialogProps) {
  const { t } = useTranslation();
  const open = useSelector(checkout, selectIsConfirming);
  const preview = useSelector(checkout, selectPreview);
  const previewing = useSelector(checkout, selectIsPreviewing);
  const previewFailed = useSelector(checkout, selectPreviewFailed);
  const withoutPreview = useSelector(checkout, selectConfirmsWithoutPreview);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const canConfirm = useSelector(checkout, selectCanConfirm);
  const slow = useSelector(checkout, selectIsSubmittingSlowly);
  // while the order call runs Cancel waits, until the answer is slow: then it gives up here
  const canCancel = useSelector(checkout, selectCanCancelDialog);
  const deliveryDate = useSelector(checkout, selectDeliveryDate);
  const isPreorder = useSelector(checkout, selectIsPreorder);
  const suborderDays = useSelector(checkout, selectSuborderDays, sameDays);
  const cancel = () => {
    if (canCancel) checkout.send({ type: 'checkout.cancelled' });
  };

  return (
    <Dialog open={open} onClose={cancel} className="relative z-[60]">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel
          aria-busy={previewing || submitting}
          className="flex max-h-[90dvh] w-full max-w-lg flex-col rounded-t-lg border border-line bg-surface-raised shadow-xl sm:rounded-lg"
        >
          <div className="border-b border-line px-5 py-3">
            <DialogTitle className="text-base font-semibold">{t('checkout.confirmTitle')}</DialogTitle>
            <Description className="text-fg-muted">
              {t('checkout.deliveryOn', {
                // while the buyer types, the date may be text that is no day yet: shown as it is
                date: isoToDayMonthYear(deliveryDate),
              })}
              {isPreorder && ` · ${t('cart.preorder')}`}
            </Description>
            <PriceBasisNote />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-3">
            {previewing && (
              <p role="status" className="flex items-center gap-2 text-fg-muted">
                <Spinner />
                {t('checkout.previewing')}
              </p>
            )}
            {previewFailed && (
              <div role="alert" className="flex flex-col gap-2 rounded-md bg-danger-soft p-3 text-danger">
                <p>{t('checkout.previewFailed')}</p>
                <button
                  type="button"
                  onClick={() => checkout.send({ type: 'checkout.retried' })}
                  className="tap-target self-start rounded-md px-2 font-medium underline"
                >
                  {t('common.tryAgain')}
                </button>
              </div>
            )}
            {slow && (
              <p role="status" className="mb-2 rounded-md bg-surface-sunken p-3">
                {t('checkout.slowOrder')}
              </p>
            )}
            {withoutPreview && <PlainOrderSummary items={items} units={units} />}
            {preview && !previewing && (
              <>
                <PreviewMinimumOrderNote checkout={checkout} />
                <OrderSplitPreview
                  preview={preview}
                  productNames={productNames}
                  units={units}
                  suborderDays={suborderDays}
                />
              </>
            )}
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <button
              type="button"
              onClick={cancel}
              disabled={!canCancel}
              className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken disabled:opacity-50"
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              data-action="confirm-order"
              onClick={() => checkout.send({ type: 'checkout.confirmed' })}
              disabled={!canConfirm}
              className="tap-target inline-flex items-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
            >
              {submitting && <Spinner className="size-4" />}
              {t('checkout.confirm')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
