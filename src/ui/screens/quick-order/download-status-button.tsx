import { useTranslation } from 'react-i18next';
import { secondaryButton } from './button-classes';

/** Saves the imported sheet again with each row's status, from the preview and from the result alike. */
export function DownloadStatusButton({ onDownload }: { onDownload: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onDownload} className={secondaryButton}>
      {t('quickOrder.downloadWithStatus')}
    </button>
  );
}
