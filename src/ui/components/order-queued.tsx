import { CloudUpload } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The cart drawer's view of an order confirmed offline: it waits on this device to be sent. */
export function OrderQueued({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-view="order-queued"
      className="flex flex-col items-center gap-3 px-4 py-8 text-center"
    >
      <CloudUpload aria-hidden="true" className="size-12 text-brand" />
      <h3 className="text-lg font-semibold">{t('offline.queued.title')}</h3>
      <p className="max-w-xs text-fg-muted">{t('offline.queued.body')}</p>
      <button
        type="button"
        onClick={onDone}
        className="tap-target mt-2 rounded-md border border-line px-4 font-medium hover:bg-surface-sunken"
      >
        {t('offline.queued.continue')}
      </button>
    </div>
  );
}
