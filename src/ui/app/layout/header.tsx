import { useSelector } from '@xstate/react';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectIsDemo } from '../../../machines/session';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { CartButton } from '../../screens/cart/cart-button';
import { NotificationBell } from '../../screens/notifications/notification-bell';
import { SearchBox } from '../../screens/search/search-box';
import { headerButtonClass } from './header-button-class';
import { HeaderLogo } from './header-logo';
import { LanguageMenu } from './language-menu';
import { SidebarToggle } from './sidebar-toggle';
import { ThemeToggle } from './theme-toggle';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  // notifications are beyond the specification: a backend without them has no bell
  const hasNotifications = useCapability('notifications');
  return (
    // On phones the search box is a second row of the header itself (hidden in the menu,
    // it was a tap and a drawer away); from the desktop layout up it sits in the one row.
    <header className="sticky top-0 z-40 flex flex-wrap items-center gap-x-1 border-b border-line bg-surface-raised px-2 desktop:h-14 desktop:flex-nowrap desktop:gap-2 desktop:px-3">
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
      <div
        data-slot="search"
        className="order-last flex w-full basis-full justify-center pb-2 desktop:order-none desktop:w-auto desktop:min-w-0 desktop:flex-1 desktop:basis-auto desktop:px-2 desktop:pb-0"
      >
        <SearchBox />
      </div>
      <div className="ms-auto flex h-14 items-center gap-1">
        <ThemeToggle />
        {!isDemo && (
          <div data-slot="language" className="hidden desktop:block">
            <LanguageMenu />
          </div>
        )}
        {hasNotifications && (
          <div data-slot="notifications">
            <NotificationBell />
          </div>
        )}
        {!isDemo && (
          <div data-slot="cart">
            <CartButton />
          </div>
        )}
      </div>
    </header>
  );
}
