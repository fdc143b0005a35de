import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageChangeAlert } from '../../../app/layout/language-change-alert';
import { ErrorState } from '../../../components/error-state';
import { LanguageName } from '../../../components/language-name';
import { LoadingState } from '../../../components/loading-state';
import { Spinner } from '../../../components/spinner';
import { useLanguagePicker } from '../../../hooks/use-language-picker';

/** /settings/language/: the nine languages as a list to pick from (the same change as the header's). */
export function LanguageSection() {
  const { t } = useTranslation();
  const picker = useLanguagePicker();
  const { languages, beingChosen } = picker;
  if (!languages) {
    return picker.listFailed ? (
      <ErrorState message={t('errors.unknown')} onRetry={picker.reloadList} />
    ) : (
      <LoadingState label={t('app.loading')} />
    );
  }
  return (
    <section aria-labelledby="language-section-title" className="flex max-w-xl flex-col gap-3">
      <h2 id="language-section-title" className="font-semibold">
        {t('settings.sections.language.title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('language.intro')}</p>
      <LanguageChangeAlert picker={picker} />
      <ul className="grid gap-2 sm:grid-cols-2">
        {languages.map((language) => {
          const current = language.code === picker.current;
          return (
            <li key={language.id}>
              <button
                type="button"
                onClick={() => picker.choose(language)}
                disabled={!picker.ready || beingChosen !== null}
                aria-pressed={current}
                className={`tap-target flex w-full items-center justify-between gap-2 rounded-md border px-3 text-start disabled:cursor-wait ${
                  current
                    ? 'border-brand bg-brand-soft font-semibold'
                    : 'border-line bg-surface-raised hover:border-brand'
                }`}
              >
                <LanguageName language={language} />
                {language.code === beingChosen ? (
                  <span className="inline-flex items-center gap-1 text-sm text-fg-muted">
                    <Spinner className="size-4" />
                    {t('language.switching')}
                  </span>
                ) : current ? (
                  <Check aria-hidden="true" className="size-4 text-brand" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
