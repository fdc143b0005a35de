import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LanguagePicker } from '../../hooks/use-language-picker';

/**
 * Spec point 8 reports a failed language update; the customer also gets told, with the choice to try
 * again, and the interface stays in the language it was.
 */
export function LanguageChangeAlert({
  picker,
  className = '',
}: {
  picker: LanguagePicker;
  className?: string;
}) {
  const { t } = useTranslation();
  const { failure, failedLanguage } = picker;
  if (!failure) return null;
  return (
    <div
      role="alert"
      className={`z-50 flex items-start gap-2 rounded-md border border-danger bg-danger-soft p-3 text-sm text-fg shadow-lg ${className}`}
    >
      <p className="flex-1">
        {t(failure === 'update' ? 'language.updateFailed' : 'language.renewalFailed', {
          language: failedLanguage?.name ?? '',
        })}
        {failedLanguage ? (
          <button
            type="button"
            onClick={() => picker.choose(failedLanguage)}
            className="ms-1 font-semibold text-brand underline"
          >
            {t('common.tryAgain')}
          </button>
        ) : null}
      </p>
      <button
        type="button"
        onClick={picker.dismiss}
        aria-label={t('common.close')}
        className="-m-1 rounded p-1 text-fg-muted hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
