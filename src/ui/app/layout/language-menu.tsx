import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageName } from '../../components/language-name';
import { Spinner } from '../../components/spinner';
import { useLanguagePicker } from '../../hooks/use-language-picker';
import { headerButtonClass } from './header-button-class';
import { LanguageChangeAlert } from './language-change-alert';

/** The header's language dropdown with flags (spec point 2; the header hides it in demo mode). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const picker = useLanguagePicker();
  const { languages, currentLanguage, beingChosen } = picker;
  return (
    <div className="relative">
      <Menu>
        <MenuButton
          aria-label={t('language.menuLabel', { language: currentLanguage?.name ?? picker.current })}
          disabled={!picker.ready || !languages}
          className={`${headerButtonClass} gap-1 px-2 disabled:opacity-60`}
        >
          {/* an icon, not the flag: many desktop systems draw no flag emoji (Windows shows letters) */}
          {beingChosen ? <Spinner className="size-5" /> : <Languages aria-hidden="true" className="size-5" />}
          <span aria-hidden="true" className="hidden text-xs font-semibold uppercase desktop:inline">
            {picker.current}
          </span>
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 4 }}
          className="z-50 w-56 rounded-md border border-line bg-surface-raised p-1 shadow-lg focus:outline-none"
        >
          {(languages ?? []).map((language) => (
            <MenuItem key={language.id}>
              <button
                type="button"
                onClick={() => picker.choose(language)}
                aria-current={language.code === picker.current ? 'true' : undefined}
                className="tap-target flex w-full items-center justify-between gap-2 rounded px-2 text-start data-focus:bg-surface-sunken"
              >
                <LanguageName language={language} />
                {language.code === beingChosen ? (
                  <Spinner className="size-4" />
                ) : language.code === picker.current ? (
                  <Check aria-hidden="true" className="size-4 text-brand" />
                ) : null}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
      <LanguageChangeAlert picker={picker} className="absolute end-0 top-full mt-2 w-72" />
    </div>
  );
}
