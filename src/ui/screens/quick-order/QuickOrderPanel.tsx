import { useActorRef, useSelector } from '@xstate/react';
import { ChevronDown, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CartActorRef } from '../../../machines/cart.machine';
import { quickOrderMachine } from '../../../machines/quick-order.machine';
import {
  selectBusyPhase,
  selectQuickOrderStage,
  selectReadProgress,
  selectRefusal,
  selectRowStatuses,
  selectSourceFile,
} from '../../../machines/quick-order.selectors';
import { quickOrderFilesMachine } from '../../../machines/quick-order-files.machine';
import { selectFilesBusy, selectFilesFailed } from '../../../machines/quick-order-files.selectors';
import { useApi } from '../../app/AppActorContext';
import { useCartRef } from '../../components/cartHooks';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { BusyProgress } from './BusyProgress';
import { linkButton, secondaryButton } from './buttonClasses';
import { FileDropZone } from './FileDropZone';
import { PasteBox } from './PasteBox';
import { QuickOrderPreview } from './QuickOrderPreview';
import { QuickOrderResult } from './QuickOrderResult';
import { RefusalMessage } from './RefusalMessage';
import { statusText } from './rowMessages';
import { TypedRows } from './TypedRows';

/**
 * Quick order (issue 5): a spreadsheet, pasted lines or typed codes become a preview of every row with its
 * status, and the valid rows go to the cart in one step.
 */
export function QuickOrderPanel() {
  const { t } = useTranslation();
  const cart = useCartRef();
  // The quick-order actor keeps the cart it starts with (it refetches it after adding): wait for it.
  if (!cart) return <LoadingState label={t('app.loading')} />;
  return <QuickOrderPanelForCart cart={cart} />;
}

function QuickOrderPanelForCart({ cart }: { cart: CartActorRef }) {
  const { t } = useTranslation();
  const api = useApi();
  const quickOrder = useActorRef(quickOrderMachine, { input: { api, cart } });
  const files = useActorRef(quickOrderFilesMachine);
  const stage = useSelector(quickOrder, selectQuickOrderStage);
  const phase = useSelector(quickOrder, selectBusyPhase);
  const progress = useSelector(quickOrder, selectReadProgress);
  const refusal = useSelector(quickOrder, selectRefusal);
  const sourceFile = useSelector(quickOrder, selectSourceFile);
  const rowStatuses = useSelector(quickOrder, selectRowStatuses);
  const writing = useSelector(files, selectFilesBusy);
  const writeFailed = useSelector(files, selectFilesFailed);

  const chooseFile = (file: File) => quickOrder.send({ type: 'quickOrder.fileChosen', file });
  const downloadStatus = sourceFile
    ? () => {
        const statuses: [number, string][] = rowStatuses.flatMap(({ rowNumbers, status }) =>
          rowNumbers.map((row): [number, string] => [row, statusText(t, row, status)]),
        );
        files.send({
          type: 'files.statusSheetRequested',
          file: sourceFile,
          statuses,
          header: t('quickOrder.statusHeader'),
        });
      }
    : null;

  const importArea = (
    <div className="flex flex-col gap-4">
      <p className="text-fg-muted">{t('quickOrder.intro')}</p>
      <FileDropZone onFile={chooseFile} />
      <button
        type="button"
        disabled={writing}
        onClick={() => files.send({ type: 'files.templateRequested' })}
        className={`${linkButton} self-start`}
      >
        <Download aria-hidden="true" className="size-4" />
        {t('quickOrder.downloadTemplate')}
      </button>
      <details className="group rounded-md border border-line bg-surface-raised p-3">
        <summary className="tap-target flex cursor-pointer list-none items-center justify-between gap-2 font-medium">
          {t('quickOrder.orTypeOrPaste')}
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="mt-3 flex flex-col gap-6">
          <TypedRows onSubmit={(rows) => quickOrder.send({ type: 'quickOrder.rowsTyped', rows })} />
          <PasteBox onSubmit={(text) => quickOrder.send({ type: 'quickOrder.textSubmitted', text })} />
        </div>
      </details>
    </div>
  );

  return (
    <div className="flex flex-col gap-3">
      {writeFailed && (
        <p role="alert" className="text-danger">
          {t('quickOrder.downloadFailed')}
        </p>
      )}
      {stage === 'import' && importArea}
      {stage === 'busy' && phase && (
        <BusyProgress
          phase={phase}
          progress={progress}
          onCancel={phase === 'adding' ? undefined : () => quickOrder.send({ type: 'quickOrder.cancelled' })}
        />
      )}
      {stage === 'refused' && refusal && (
        <>
          <RefusalMessage refusal={refusal} />
          {importArea}
        </>
      )}
      {stage === 'lookupFailed' && (
        <>
          <ErrorState
            message={t('quickOrder.lookupFailed')}
            onRetry={() => quickOrder.send({ type: 'quickOrder.retried' })}
          />
          <button
            type="button"
            onClick={() => quickOrder.send({ type: 'quickOrder.cancelled' })}
            className={`${secondaryButton} self-start`}
          >
            {t('quickOrder.cancel')}
          </button>
        </>
      )}
      {stage === 'addFailed' && (
        <>
          <ErrorState
            message={t('quickOrder.addFailed')}
            onRetry={() => quickOrder.send({ type: 'quickOrder.retried' })}
          />
          <button
            type="button"
            onClick={() => quickOrder.send({ type: 'quickOrder.backToPreview' })}
            className={`${secondaryButton} self-start`}
          >
            {t('quickOrder.backToPreview')}
          </button>
        </>
      )}
      {stage === 'preview' && <QuickOrderPreview quickOrder={quickOrder} onDownloadStatus={downloadStatus} />}
      {stage === 'done' && <QuickOrderResult quickOrder={quickOrder} onDownloadStatus={downloadStatus} />}
    </div>
  );
}
