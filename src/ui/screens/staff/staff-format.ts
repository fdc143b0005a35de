import { useTranslation } from 'react-i18next';

/** A time of the staff console in the interface language (date and time, short). */
export function useStaffDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** A whole number in the interface language (thousands grouped). */
export function useStaffNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  return (value: number) => format.format(value);
}
