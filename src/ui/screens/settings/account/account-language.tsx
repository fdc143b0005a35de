import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { bidiIsolate } from '../../../app/layout/bidi-isolate';
import { paths } from '../../../app/routes';
import { Section } from '../../../components/section';
import { languageName, useLanguages } from '../../../hooks/use-languages';
import { secondaryButtonClass } from '../users/form-classes';

/** The language the user works in; it is changed in the language section (its own flow). */
export function AccountLanguage({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const languages = useLanguages();
  return (
    <Section title={t('settings.account.languageTitle')}>
      <p>{t('settings.account.languageText', { language: isolate(languageName(languages, code)) })}</p>
      <Link href={paths.settingsLanguage} className={`${secondaryButtonClass} self-start`}>
        <Languages aria-hidden="true" className="size-4" />
        {t('settings.account.changeLanguage')}
      </Link>
    </Section>
  );
}
