import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SettingsSection } from './settings-sections';

/** Desktop: a row of tabs over the section (links, so a reload or a shared link lands on the section). */
export function SettingsTabs({
  sections,
  current,
}: {
  sections: readonly SettingsSection[];
  current: SettingsSection | undefined;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('settings.sectionsLabel')} className="hidden border-b border-line desktop:block">
      <ul className="-mb-px flex flex-wrap gap-1">
        {sections.map((section) => {
          const active = section.id === current?.id;
          return (
            <li key={section.id}>
              <Link
                href={section.href}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
                  active
                    ? 'border-brand text-fg'
                    : 'border-transparent text-fg-muted hover:border-line hover:text-fg'
                }`}
              >
                <section.icon aria-hidden="true" className="size-4" />
                {t(`settings.sections.${section.texts}.title`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** `/settings/` itself: every section with a line on what it holds (the menu on a phone). */
export function SettingsOverview({ sections }: { sections: readonly SettingsSection[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('settings.sectionsLabel')}>
      <ul className="grid gap-2 desktop:grid-cols-2">
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              href={section.href}
              className="flex min-h-11 items-center gap-3 rounded-md border border-line bg-surface-raised p-3 hover:border-brand"
            >
              <section.icon aria-hidden="true" className="size-5 shrink-0 text-brand" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{t(`settings.sections.${section.texts}.title`)}</span>
                <span className="text-sm text-fg-muted">
                  {t(`settings.sections.${section.texts}.description`)}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-fg-muted rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
