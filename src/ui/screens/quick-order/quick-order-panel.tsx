import { useActorRef, useSelector } from '@xstate/react';
import { ChevronDown, Download } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindQuickOrder,
  bindQuickOrderFiles,
  selectBusyPhase,
  selectFilesBusy,
  selectFilesFailed,
  selectPreviewRows,
  selectQuickOrderStage,
  selectReadProgress,
  selectRefusal,
  selectRowStatuses,
  selectSourceFileFacts,
} from '../../../machines/quick-order';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { useCartRef } from '../../hooks/cart-hooks';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { BusyProgress } from './busy-progress';
import { linkButton, secondaryButton } from './button-classes';
import { FileDropZone } from './file-drop-zone';
import { PasteBox } from './paste-box';
import { QuickOrderPreview } from './quick-order-preview';
import { QuickOrderResult } from './quick-order-result';
import { RefusalMessage } from './refusal-message';
import { statusSheetContent } from './status-sheet-content';
import { TypedRows } from './typed-rows';

/**
 * Quick order: a spreadsheet, pasted lines or typed codes become a preview of every row with its
 * status, and the valid rows go to the cart in one step.
 */
export function QuickOrderPanel() {
  const { t } = useTranslation();
  // The quick-order actor watches the cart from its start (in-cart quantities, refetch after adding): wait for it.
  if (!useCartRef()) return <LoadingState label={t('app.loading')} />;
  return <QuickOrderPanelForCart />;
}

function QuickOrderPanelForCart() {
  const { t, i18n } = useTranslation();
  // without them the codes are checked through the search and the lines written one by one
  const canLookUp = useCapability('quickOrderLookup');
  const canAddInBulk = useCapability('cartBulk');
  const quickOrder = useActorRef(useBoundMachine(bindQuickOrder), {
    ...usePortalInspection(),
    input: { canLookUp, canAddInBulk },
  });
  const files = useActorRef(useBoundMachine(bindQuickOrderFiles), usePortalInspection());
  // The chosen file itself is not data a chart can hold: the view keeps the handle to write it back with a
  // status column; the machine knows its name and size.
  const chosenFile = useRef<File | null>(null);
  const stage = useSelector(quickOrder, selectQuickOrderStage);
  const phase = useSelector(quickOrder, selectBusyPhase);
  const progress = useSelector(quickOrder, selectReadProgress);
  const refusal = useSelector(quickOrder, selectRefusal);
  const sourceFile = useSelector(quickOrder, selectSourceFileFacts);
  const rowStatuses = useSelector(quickOrder, selectRowStatuses);
  const rows = useSelector(quickOrder, selectPreviewRows);
  const writing = useSelector(files, selectFilesBusy);
  const writeFailed = useSelector(files, selectFilesFailed);

  const chooseFile = (file: File) => {
    chosenFile.current = file;
    quickOrder.send({ type: 'quickOrder.fileChosen', file });
  };
  const original = sourceFile ? chosenFile.current : null;
  const downloadStatus = original
    ? () => {
        files.send({
          type: 'files.statusSheetRequested',
          file: original,
          ...statusSheetContent(t, i18n.resolvedLanguage ?? i18n.language, rowStatuses, rows),
          header: t('quickOrder.statusHeader'),
          unitHeader: t('quickOrder.unit'),
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
          <PasteBox quickOrder={quickOrder} />
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
