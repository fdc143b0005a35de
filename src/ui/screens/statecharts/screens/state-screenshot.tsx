import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectResourceStatus, selectResourceValue } from '../../../../machines/kernel/resource.selectors';
import { type FlowScreenKey, flowScreenImageBinder } from '../../../../studio/flow-screens.resource';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';

/**
 * One stored shot: loaded as a `data:` URL through the lazy resource (keyed by the shot, so another
 * variant or state is another resource), shown at the panel's width; a click opens it larger in a
 * dialog. `phone` shots are narrow and tall, so they keep their own width.
 */
export function StateScreenshot({ shot, alt, phone }: { shot: FlowScreenKey; alt: string; phone: boolean }) {
  const { t } = useTranslation('studio');
  const image = useActorRef(useBoundMachine(flowScreenImageBinder(shot)), usePortalInspection());
  const status = useSelector(image, selectResourceStatus<string>);
  const url = useSelector(image, selectResourceValue<string>);
  const [enlarged, setEnlarged] = useState(false);
  useEffect(() => {
    image.send({ type: 'resource.load' });
  }, [image]);

  if (status === 'rejected')
    return (
      <ErrorState message={t('screens.imageFailed')} onRetry={() => image.send({ type: 'resource.load' })} />
    );
  if (!url) return <LoadingState label={t('screens.imageLoading')} />;
  return (
    <>
      <button
        type="button"
        onClick={() => setEnlarged(true)}
        title={t('screens.enlarge')}
        className="block cursor-zoom-in self-start overflow-hidden rounded-md border border-line bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <img src={url} alt={alt} className={phone ? 'block h-auto w-48 max-w-full' : 'block h-auto w-full'} />
        <span className="sr-only">{t('screens.enlarge')}</span>
      </button>
      <Dialog open={enlarged} onClose={() => setEnlarged(false)} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-black/60" />
        <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-6">
          <DialogPanel className="flex max-h-full w-full max-w-6xl flex-col gap-2 rounded-lg border border-line bg-surface-raised p-3 shadow-xl">
            <div className="flex items-center justify-between gap-2">
              <DialogTitle className="min-w-0 truncate text-sm font-semibold">{alt}</DialogTitle>
              <button
                type="button"
                onClick={() => setEnlarged(false)}
                aria-label={t('screens.close')}
                title={t('screens.close')}
                className="tap-target inline-flex shrink-0 items-center justify-center rounded-md border border-line px-2 hover:bg-surface-sunken"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
            <div className="min-h-0 overflow-auto">
              <img src={url} alt={alt} className="mx-auto block h-auto max-w-full" />
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
