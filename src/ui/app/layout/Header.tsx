import { useSelector } from '@xstate/react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectIsDemo } from '../../../machines/session.selectors';
import { CartButton } from '../../components/CartButton';
import { NotificationBell } from '../../screens/notifications/NotificationBell';
import { SearchBox } from '../../screens/search/SearchBox';
import { useSessionRef } from '../AppActorContext';
import { HeaderLogo } from './HeaderLogo';
import { HeaderSlot } from './HeaderSlot';
import { headerButtonClass } from './headerButtonClass';
import { SidebarToggle } from './SidebarToggle';
import { ThemeToggle } from './ThemeToggle';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-1 border-b border-line bg-surface-raised px-2 desktop:gap-2 desktop:px-3">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('menu.open')}
        className={`${headerButtonClass} desktop:hidden`}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <HeaderLogo />
      <SidebarToggle />
      {isDemo && (
        <span className="ms-1 hidden rounded bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand sm:inline">
          {t('app.demoMode')}
        </span>
      )}
      <div data-slot="search" className="hidden min-w-0 flex-1 justify-center px-2 desktop:flex">
        <SearchBox variant="header" />
      </div>
      <div className="ms-auto flex items-center gap-1">
        <ThemeToggle />
        {!isDemo && <HeaderSlot name="language" />}
        <div data-slot="notifications">
          <NotificationBell />
        </div>
        {!isDemo && (
          <div data-slot="cart">
            <CartButton />
          </div>
        )}
      </div>
    </header>
  );
}
