import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/field-classes';
import { useLanguagePicker } from '../../hooks/use-language-picker';
import { LanguageChangeAlert } from './language-change-alert';

/**
 * The language picker of the phone drawer: the phone's own select list (big, scrollable, each
 * language in its own name), as the header's dropdown is on the desktop.
 */
export function DrawerLanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const picker = useLanguagePicker();
  const { languages, beingChosen } = picker;
  return (
    <div className="flex flex-col gap-1 px-2 pt-2">
      <label htmlFor={id} className="text-sm font-medium text-fg-muted">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={beingChosen ?? picker.current}
        disabled={!picker.ready || !languages || beingChosen !== null}
        onChange={(event) => {
          const language = languages?.find((candidate) => candidate.code === event.target.value);
          if (language) picker.choose(language);
        }}
        className={inputClass}
      >
        {(languages ?? []).map((language) => (
          <option key={language.id} value={language.code} lang={language.code}>
            {/* an option holds text only, and a flag emoji is an empty box on many systems */}
            {language.name}
          </option>
        ))}
      </select>
      <LanguageChangeAlert picker={picker} />
    </div>
  );
}
