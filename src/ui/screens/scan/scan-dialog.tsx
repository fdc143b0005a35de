import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Keyboard, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindBarcodeScan,
  type ScanResult,
  selectCameraProblem,
  selectCodeProblem,
  selectScannedCode,
  selectScanResult,
  selectScanStep,
  selectTypedCode,
  watchCameraStream,
} from '../../../machines/scan';
import { inputClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { CameraButton } from './camera-button';
import { ScanFoundView } from './scan-found';
import { primaryButton, type ScanRef, secondaryButton } from './scan-parts';

function useScanActor(): ScanRef {
  const barcodeLookup = useCapability('barcodeLookup');
  return useActorRef(useBoundMachine(bindBarcodeScan), {
    ...usePortalInspection(),
    input: { barcodeLookup },
  });
}

/**
 * The scan dialog: the camera picture (or the code box), then the product the code belongs to with
 * its unit and a quantity to confirm. Closing it stops the camera.
 */
export default function ScanDialog({
  onClose,
  onConfirmed,
}: {
  onClose: () => void;
  onConfirmed: (result: ScanResult) => void;
}) {
  const { t } = useTranslation();
  const scan = useScanActor();
  const step = useSelector(scan, selectScanStep);
  const result = useSelector(scan, selectScanResult);

  // the host hears the end once, however often it renders before the dialog goes
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current) return;
    if (step === 'done' && result) {
      ended.current = true;
      onConfirmed(result);
    } else if (step === 'cancelled') {
      ended.current = true;
      onClose();
    }
  }, [step, result, onConfirmed, onClose]);

  return (
    <Dialog open onClose={() => scan.send({ type: 'scan.cancelled' })} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-3">
        <DialogPanel className="flex max-h-full w-full max-w-md flex-col overflow-y-auto rounded-lg border border-line bg-surface-raised p-4 shadow-xl">
          <div className="flex items-center justify-between gap-2">
            <DialogTitle className="text-base font-semibold">{t('scan.title')}</DialogTitle>
            <button
              type="button"
              onClick={() => scan.send({ type: 'scan.cancelled' })}
              aria-label={t('common.close')}
              className="tap-target inline-flex items-center justify-center rounded-md hover:bg-surface-sunken"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="mt-3" aria-live="polite">
            <ScanStepView scan={scan} step={step} />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function ScanStepView({ scan, step }: { scan: ScanRef; step: ReturnType<typeof selectScanStep> }) {
  const { t } = useTranslation();
  const code = useSelector(scan, selectScannedCode);
  switch (step) {
    case 'starting':
    case 'scanning':
      return <CameraStep scan={scan} starting={step === 'starting'} />;
    case 'typing':
      return <TypingStep scan={scan} />;
    case 'badCode':
      return <BadCodeStep scan={scan} />;
    case 'lookingUp':
      return <LoadingState label={t('scan.lookingUp', { code })} />;
    case 'lookupFailed':
      return (
        <Outcome scan={scan} message={t('scan.lookupFailed')} tone="danger">
          <button type="button" className={primaryButton} onClick={() => scan.send({ type: 'scan.retried' })}>
            {t('common.tryAgain')}
          </button>
        </Outcome>
      );
    case 'unknown':
      return <Outcome scan={scan} message={t('scan.unknown', { code })} tone="warning" />;
    case 'found':
      return <ScanFoundView scan={scan} />;
    default:
      return null;
  }
}

function CameraStep({ scan, starting }: { scan: ScanRef; starting: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(
    () =>
      watchCameraStream((stream) => {
        if (!video.current) return;
        video.current.srcObject = stream;
        if (stream) void video.current.play().catch(() => undefined);
      }),
    [],
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-md bg-black">
        <video ref={video} muted playsInline className="size-full object-cover" aria-label={t('scan.aim')} />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-[10%] top-1/3 bottom-1/3 rounded-md border-2 border-white/80"
        />
        {starting && (
          <p className="absolute inset-x-0 bottom-2 text-center text-sm text-white">{t('scan.starting')}</p>
        )}
      </div>
      <p className="text-fg-muted">{starting ? t('scan.starting') : t('scan.aim')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => scan.send({ type: 'scan.typeChosen' })}
        >
          <Keyboard aria-hidden="true" className="size-4" />
          {t('scan.typeInstead')}
        </button>
      </div>
    </div>
  );
}

function TypingStep({ scan }: { scan: ScanRef }) {
  const { t } = useTranslation();
  const inputId = useId();
  const typed = useSelector(scan, selectTypedCode);
  const cameraProblem = useSelector(scan, selectCameraProblem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    scan.send({ type: 'scan.codeSubmitted' });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      {cameraProblem && <p className="text-fg-muted">{t(`scan.cameraProblem.${cameraProblem}`)}</p>}
      <div>
        <label htmlFor={inputId} className="mb-1 block font-medium">
          {t('scan.codeLabel')}
        </label>
        <input
          id={inputId}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens to type the code
          autoFocus
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          value={typed}
          onChange={(event) => scan.send({ type: 'scan.codeTyped', text: event.target.value })}
          className={inputClass}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <CameraButton scan={scan} label={t('scan.useCamera')} />
        <button type="submit" className={primaryButton}>
          {t('scan.find')}
        </button>
      </div>
    </form>
  );
}

function BadCodeStep({ scan }: { scan: ScanRef }) {
  const { t } = useTranslation();
  const problem = useSelector(scan, selectCodeProblem);
  const code = useSelector(scan, selectScannedCode);
  return (
    <Outcome
      scan={scan}
      tone="danger"
      message={`${t(`scan.problem.${problem ?? 'no_gtin'}`)}${code ? `: ${code}` : ''}`}
    />
  );
}

/** A step's message with Scan again (while the camera can) and Type the code. */
function Outcome({
  scan,
  message,
  tone,
  children,
}: {
  scan: ScanRef;
  message: string;
  tone: 'danger' | 'warning';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const toneClass =
    tone === 'danger'
      ? 'border-danger/40 bg-danger-soft text-danger'
      : 'border-line bg-surface-sunken text-fg';
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className={`rounded-md border px-3 py-2 ${toneClass}`} dir="auto">
        {message}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <CameraButton scan={scan} label={t('scan.scanAgain')} />
        <button
          type="button"
          className={secondaryButton}
          onClick={() => scan.send({ type: 'scan.typeChosen' })}
        >
          <Keyboard aria-hidden="true" className="size-4" />
          {t('scan.typeInstead')}
        </button>
        {children}
      </div>
    </div>
  );
}
