import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanResult } from '../../../machines/scan';
import { ScanButton } from '../../components/scan/scan-button';

// the dialog, the chart and the camera code load only when the buyer opens the scanner
const ScanDialog = lazy(() => import('./scan-dialog'));

/**
 * The scan button and, once pressed, the scan dialog; `onConfirmed` gets the product, unit and
 * quantity the buyer confirmed. Always offered: without a camera the dialog opens in typing.
 */
export function ScanLauncher({
  onConfirmed,
  className,
}: {
  onConfirmed: (result: ScanResult) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ScanButton
        label={t('scan.button')}
        onClick={() => setOpen(true)}
        {...(className ? { className } : {})}
      />
      {open && (
        <Suspense fallback={null}>
          <ScanDialog
            onClose={() => setOpen(false)}
            onConfirmed={(result) => {
              setOpen(false);
              onConfirmed(result);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
