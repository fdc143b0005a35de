import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../../../domain/form-validation';
import { supportedLanguages } from '../../../app/languages';
import { inputClass, labelClass } from '../../../components/field-classes';
import { languageName, useLanguages } from '../../../hooks/use-languages';

/** The nine interface languages (spec point 1), each by its name. */
export function LanguageField({
  value,
  onChange,
  message,
}: {
  value: string;
  onChange: (value: string) => void;
  message?: FieldMessage | undefined;
}) {
  const { t } = useTranslation();
  const languages = useLanguages();
  const id = useId();
  const codes: string[] = [...supportedLanguages];
  if (value && !codes.includes(value)) codes.push(value);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('settings.users.fields.language')}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        {codes.map((code) => (
          <option key={code} value={code}>
            {languageName(languages, code)}
          </option>
        ))}
      </select>
      {message ? (
        <p id={`${id}-message`} className="mt-1 text-sm text-danger">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
