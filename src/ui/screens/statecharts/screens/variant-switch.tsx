import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  flowScreenDevices,
  flowScreenLanguages,
  flowScreenThemes,
  type VariantChoice,
  type VariantPart,
} from '../../../../studio/flow-screens.resource';

const options: { [P in VariantPart]: readonly VariantChoice[P][] } = {
  device: flowScreenDevices,
  theme: flowScreenThemes,
  language: flowScreenLanguages,
};

const parts: VariantPart[] = ['device', 'theme', 'language'];

/**
 * Three small radio groups (desktop or phone, light or dark, English or Arabic) showing the variant on
 * screen; a value no shot of this state was taken in is disabled.
 */
export function VariantSwitch({
  shown,
  available,
  onChoose,
}: {
  shown: VariantChoice;
  /** the values each part takes in the shots of this state */
  available: { [P in VariantPart]: ReadonlySet<VariantChoice[P]> };
  onChoose: (part: VariantPart, value: string) => void;
}) {
  const { t } = useTranslation('studio');
  const name = useId();
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-2">
      {parts.map((part) => (
        <fieldset key={part} className="flex min-w-0 items-center gap-1">
          <legend className="sr-only">{t(`screens.${part}`)}</legend>
          <div className="inline-flex overflow-hidden rounded-md border border-line">
            {options[part].map((value) => {
              const id = `${name}-${part}-${value}`;
              const disabled = !(available[part] as ReadonlySet<string>).has(value);
              return (
                <label
                  key={value}
                  htmlFor={id}
                  className="relative inline-flex min-h-9 cursor-pointer items-center px-3 text-sm text-fg has-checked:bg-brand has-checked:text-brand-contrast has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand border-s border-line first:border-s-0"
                >
                  <input
                    id={id}
                    type="radio"
                    name={`${name}-${part}`}
                    value={value}
                    checked={shown[part] === value}
                    disabled={disabled}
                    onChange={() => onChoose(part, value)}
                    className="sr-only"
                  />
                  {t(`screens.${value}`)}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
