import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from './sign-in-icons';

/** Returns to wherever the visitor came from (the browser's own history). */
export function BackButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => window.history.back()}
      className="tap-target inline-flex items-center gap-1 rounded-md px-1 text-fg-muted hover:text-fg"
    >
      <ArrowLeftIcon className="size-4 rtl:rotate-180" />
      {t('common.back')}
    </button>
  );
}
