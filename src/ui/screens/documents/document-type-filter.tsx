import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../domain/types';
import { documentFilterChoices } from './document-filter';

/**
 * All, Price lists, Product data sheets, Terms, Certificates, Invoices: one choice at a time, as radio
 * buttons (arrow keys move between them) drawn as chips with 44 px targets.
 */
export function DocumentTypeFilter({
  value,
  onChange,
}: {
  value: DocumentType | null;
  onChange: (type: DocumentType | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">{t('documents.filterLabel')}</legend>
      <div className="flex flex-wrap gap-2">
        {documentFilterChoices.map((choice) => (
          <label
            key={choice ?? 'all'}
            className="tap-target inline-flex cursor-pointer items-center rounded-full border border-line bg-surface-raised px-4 font-medium hover:bg-surface-sunken has-checked:border-brand has-checked:bg-brand has-checked:text-brand-contrast has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand"
          >
            <input
              type="radio"
              name="document-type"
              value={choice ?? ''}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            {t(`documents.filters.${choice ?? 'all'}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
