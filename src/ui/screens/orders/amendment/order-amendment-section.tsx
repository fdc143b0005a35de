import { useActorRef, useSelector } from '@xstate/react';
import { Pencil, XCircle } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Order } from '../../../../domain/types';
import {
  bindOrderAmendment,
  type OrderAmendmentEmitted,
  selectAmendedOrder,
  selectAmendmentCountdown,
  selectAmendmentExpired,
  selectAmendmentFailed,
  selectAmendmentOperation,
  selectAmendmentRefused,
  selectCanAmend,
  selectChangedElsewhere,
  selectHasUnsentChanges,
  selectIsAmending,
  selectIsCancelling,
  selectIsConfirmingCancel,
  selectIsReloadingOrder,
  selectRefusedForCutoff,
} from '../../../../machines/orders';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { useUnits } from '../../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import type { OrderDetailRef } from '../use-order-detail';
import { AmendmentEditor } from './amendment-editor';
import type { OrderAmendmentRef } from './amendment-ref';
import { localWallTime } from './amendment-texts';
import { AmendmentTimeLeft } from './amendment-time-left';
import { useLeaveGuard } from './use-leave-guard';

function useOrderAmendment(order: Order, detail: OrderDetailRef, offered: boolean): OrderAmendmentRef {
  const units = useUnits();
  const amendment = useActorRef(useBoundMachine(bindOrderAmendment), {
    ...usePortalInspection(),
    input: { order, offered, units },
  });
  // the page shows what the server answered: the new version, the cancelled order, the current one
  useEffect(() => {
    const replaced = amendment.on('amendment.orderReplaced', (event: OrderAmendmentEmitted) =>
      detail.send({ type: 'orderDetail.orderReplaced', order: event.order }),
    );
    return () => replaced.unsubscribe();
  }, [amendment, detail]);
  useEffect(() => amendment.send({ type: 'amendment.unitsKnown', units }), [amendment, units]);
  return amendment;
}

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken';

/**
 * Change order and Cancel order until the order's cut-off, with the time left; the draft editor, the
 * cancel question and every refusal as a state the buyer sees.
 */
export function OrderAmendmentSection({ order, detail }: { order: Order; detail: OrderDetailRef }) {
  const offered = useCapability('orderAmendment');
  // a backend found to lack order changes after the page opened: the chart starts over without them
  return <AmendmentOffer key={String(offered)} order={order} detail={detail} offered={offered} />;
}

function AmendmentOffer({
  order,
  detail,
  offered,
}: {
  order: Order;
  detail: OrderDetailRef;
  offered: boolean;
}) {
  const { t, i18n } = useTranslation();
  const amendment = useOrderAmendment(order, detail, offered);
  const current = useSelector(amendment, selectAmendedOrder);
  const canAmend = useSelector(amendment, selectCanAmend);
  const expired = useSelector(amendment, selectAmendmentExpired);
  const amending = useSelector(amendment, selectIsAmending);
  const confirmingCancel = useSelector(amendment, selectIsConfirmingCancel);
  const cancelling = useSelector(amendment, selectIsCancelling);
  const refused = useSelector(amendment, selectAmendmentRefused);
  // the cut-off names the time; a warehouse already on it, a finalized or invoiced order do not
  const pastCutoff = useSelector(amendment, selectRefusedForCutoff);
  const reloading = useSelector(amendment, selectIsReloadingOrder);
  const changedElsewhere = useSelector(amendment, selectChangedElsewhere);
  const failed = useSelector(amendment, selectAmendmentFailed);
  const operation = useSelector(amendment, selectAmendmentOperation);
  const countdown = useSelector(amendment, selectAmendmentCountdown);
  const unsent = useSelector(amendment, selectHasUnsentChanges);
  const [, navigate] = useLocation();
  const askToLeave = useCallback(() => amendment.send({ type: 'amendment.closeRequested' }), [amendment]);
  const leavingTo = useLeaveGuard(unsent, askToLeave);
  const leave = (confirmed: boolean) => {
    amendment.send({ type: confirmed ? 'amendment.leaveConfirmed' : 'amendment.leaveCancelled' });
    const to = leavingTo.current;
    leavingTo.current = null;
    if (confirmed && to !== null) navigate(to);
  };
  const until = current.amendableUntil ?? order.amendableUntil ?? null;
  const time = until ? localWallTime(until, i18n.language) : null;
  const dismiss = () => amendment.send({ type: 'amendment.dismissed' });

  return (
    <div className="flex flex-col gap-3">
      {canAmend && until && (
        <div className="flex flex-col gap-2 rounded-md border border-line bg-surface-raised p-3">
          <AmendmentTimeLeft until={until} countdown={countdown} />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass}
              onClick={() => amendment.send({ type: 'amendment.changeRequested' })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('orderAmendment.change')}
            </button>
            <button
              type="button"
              className={`${buttonClass} text-danger`}
              onClick={() => amendment.send({ type: 'amendment.cancelRequested' })}
            >
              <XCircle aria-hidden="true" className="size-4" />
              {t('orderAmendment.cancel')}
            </button>
          </div>
        </div>
      )}
      {expired && time && (
        <p role="status" className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-sm">
          {t('orderAmendment.expired', { time })}
        </p>
      )}
      {refused && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
        >
          <span className="flex-1">
            {pastCutoff && time ? t('orderAmendment.refused', { time }) : t('orderAmendment.refusedNoTime')}
          </span>
          <button
            type="button"
            onClick={dismiss}
            className="tap-target rounded-md px-2 font-medium underline"
          >
            {t('common.ok')}
          </button>
        </div>
      )}
      {reloading && (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner />
          {t('orderAmendment.reloading')}
        </p>
      )}
      {changedElsewhere && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-line bg-surface-sunken px-3 py-2"
        >
          <p>{t('orderAmendment.changedElsewhere')}</p>
          <div className="flex flex-wrap gap-2">
            {current.amendableUntil && (
              <button
                type="button"
                className={buttonClass}
                onClick={() => amendment.send({ type: 'amendment.changeRequested' })}
              >
                {t('orderAmendment.changeAgain')}
              </button>
            )}
            <button type="button" className={buttonClass} onClick={dismiss}>
              {t('common.ok')}
            </button>
          </div>
        </div>
      )}
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
        >
          <span className="flex-1">
            {operation === 'cancel' ? t('orderAmendment.cancelFailed') : t('orderAmendment.changeFailed')}
          </span>
          <button
            type="button"
            onClick={() => amendment.send({ type: 'amendment.retried' })}
            className="tap-target rounded-md px-2 font-medium underline"
          >
            {t('common.tryAgain')}
          </button>
          {operation === 'change' && (
            <button
              type="button"
              onClick={() => amendment.send({ type: 'amendment.editRequested' })}
              className="tap-target rounded-md px-2 font-medium underline"
            >
              {t('orderAmendment.backToEditing')}
            </button>
          )}
          <button
            type="button"
            onClick={dismiss}
            className="tap-target rounded-md px-2 font-medium underline"
          >
            {t('orderAmendment.close')}
          </button>
        </div>
      )}
      {amending && <AmendmentEditor amendment={amendment} onLeave={leave} />}
      <ConfirmDialog
        open={confirmingCancel}
        title={t('orderAmendment.cancelTitle', { number: current.id })}
        message={t('orderAmendment.cancelMessage')}
        confirmLabel={t('orderAmendment.cancelConfirm')}
        cancelLabel={t('orderAmendment.keepOrder')}
        busy={cancelling}
        busyLabel={t('orderAmendment.cancelling')}
        danger
        onConfirm={() => amendment.send({ type: 'amendment.cancelConfirmed' })}
        onCancel={() => amendment.send({ type: 'amendment.cancelDismissed' })}
      />
    </div>
  );
}
