import type { TFunction } from 'i18next';

const KB = 1024;
const MB = 1024 * 1024;

/**
 * A file's size in words ("24 KB", "1.2 MB") with the language's decimal separator (Latin digits, as
 * prices and dates); null when the server does not know it (an invoice is rendered on request).
 */
export function formatFileSize(bytes: number | null, t: TFunction, language: string): string | null {
  if (bytes === null) return null;
  if (bytes < KB) return t('documents.size.bytes', { count: bytes });
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1, numberingSystem: 'latn' });
  // whole kilobytes read better in a table; megabytes keep one decimal ("1.2 MB")
  if (bytes < MB) return t('documents.size.kb', { size: number.format(Math.round(bytes / KB)) });
  return t('documents.size.mb', { size: number.format(Math.round((bytes / MB) * 10) / 10) });
}
