import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanEditForm,
  selectCanSubmit,
  selectCustomerNote,
  selectIsCheckoutBusy,
  selectIsPreorder,
  selectIsWaitingForSaves,
} from '../../../machines/checkout';
import { inputClass, labelClass } from '../../components/field-classes';
import { Spinner } from '../../components/spinner';
import type { CheckoutRef } from '../../hooks/cart-hooks';
import { DeliveryAddressField } from './delivery-address-field';
import { DeliveryDateField } from './delivery-date-field';

/**
 * Delivery date (today + 7 to a year from today), pre-order flag, note and the summary. The Order
 * button submits it from outside (`OrderButton` with the form's id), where it stays in view.
 * The checkout machine validates; the form only shows its message (spec point 4 "Cart drawer").
 */
export function CheckoutForm({
  checkout,
  summary,
  id,
}: {
  checkout: CheckoutRef;
  summary: ReactNode;
  id: string;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const isPreorder = useSelector(checkout, selectIsPreorder);
  const note = useSelector(checkout, selectCustomerNote);
  const canEdit = useSelector(checkout, selectCanEditForm);
  // each time the form shows: an address added in Settings since the last time is offered
  useEffect(() => checkout.send({ type: 'checkout.addressesNeeded' }), [checkout]);

  function submit(event: FormEvent) {
    event.preventDefault();
    checkout.send({ type: 'checkout.submitted' });
  }

  return (
    // noValidate: the machine decides (and shows cart.deliveryDateError), not the browser's bubble.
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-3">
      {/* the address first: its route decides which days the picker below offers */}
      <DeliveryAddressField checkout={checkout} />
      <DeliveryDateField checkout={checkout} />
      <label className="tap-target inline-flex items-center gap-2 self-start">
        <input
          type="checkbox"
          checked={isPreorder}
          disabled={!canEdit}
          onChange={(event) =>
            checkout.send({ type: 'checkout.preorderChanged', isPreorder: event.target.checked })
          }
          className="size-4 accent-brand"
        />
        {t('cart.preorder')}
      </label>
      <div>
        <label htmlFor={noteId} className={labelClass}>
          {t('cart.customerNote')}
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={2000}
          rows={2}
          disabled={!canEdit}
          onChange={(event) => checkout.send({ type: 'checkout.noteChanged', note: event.target.value })}
          className={`${inputClass} h-auto min-h-16 py-2 disabled:opacity-60`}
        />
      </div>
      {summary}
    </form>
  );
}

/** The checkout form's submit button, placed anywhere: `form` is the form's id. */
export function OrderButton({
  checkout,
  form,
  blockedBy = null,
}: {
  checkout: CheckoutRef;
  form: string;
  /** the id of the text saying why the order cannot be placed yet (a minimum order value), or null */
  blockedBy?: string | null;
}) {
  const { t } = useTranslation();
  const waitingForSaves = useSelector(checkout, selectIsWaitingForSaves);
  const busy = useSelector(checkout, selectIsCheckoutBusy);
  const canSubmit = useSelector(checkout, selectCanSubmit);
  return (
    <button
      type="submit"
      form={form}
      data-action="order"
      disabled={!canSubmit || blockedBy !== null}
      aria-describedby={blockedBy ?? undefined}
      className="tap-target inline-flex items-center justify-center gap-2 rounded-md bg-brand px-6 font-semibold text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
    >
      {busy && <Spinner className="size-4" />}
      {/* the order waits for the lines' changes, so it carries what the customer last chose */}
      {waitingForSaves ? t('checkout.savingChanges') : t('cart.order')}
    </button>
  );
}
