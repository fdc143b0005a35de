import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { primaryButton, secondaryButton } from './staff-buttons';

/** A staff form's end: why saving failed, then Save (Try again after a failure) and Cancel, both closed while it saves. */
export function SaveOrCancel({
  saving,
  failed,
  saveLabel,
  savingLabel,
  failedText,
  onCancel,
}: {
  saving: boolean;
  failed: boolean;
  saveLabel: string;
  savingLabel: string;
  failedText: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failed && (
        <p role="alert" className="flex items-center gap-2 text-danger">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {failedText}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving && <Spinner className="size-4" />}
          {saving ? savingLabel : failed ? t('common.tryAgain') : saveLabel}
        </button>
        <button type="button" disabled={saving} className={secondaryButton} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </>
  );
}
