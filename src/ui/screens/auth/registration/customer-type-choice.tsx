import { Building2, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type CustomerType, customerTypes } from '../../../../domain/auth-forms';

const icons = { corporate: Building2, individual: User } as const;

/** Corporate or individual: a radio group (arrow keys move the choice), drawn as two cards. */
export function CustomerTypeChoice({
  value,
  onChange,
}: {
  value: CustomerType;
  onChange: (value: CustomerType) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-1 block font-medium">{t('auth.register.type.label')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {customerTypes.map((type) => {
          const Icon = icons[type];
          return (
            <label
              key={type}
              className="tap-target flex cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 py-2 has-checked:border-brand has-checked:bg-surface-raised has-checked:ring-2 has-checked:ring-brand/40 has-focus-visible:outline-2 has-focus-visible:outline-brand"
            >
              <input
                type="radio"
                name="customerType"
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                className="size-4 shrink-0 accent-brand"
              />
              <Icon aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
              <span>{t(`auth.register.type.${type}`)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
