import { Award, FileSpreadsheet, FileText, type LucideIcon, ReceiptText, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../domain/types';

const icons: Record<DocumentType, LucideIcon> = {
  price_list: FileSpreadsheet,
  data_sheet: FileText,
  terms: Scale,
  certificate: Award,
  invoice: ReceiptText,
};

/** A document's type as an icon and a word (never the icon alone). */
export function DocumentTypeLabel({ type }: { type: DocumentType }) {
  const { t } = useTranslation();
  const Icon = icons[type];
  return (
    <span className="inline-flex items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-brand" />
      {t(`documents.types.${type}`)}
    </span>
  );
}
