import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageSwitching } from '../../hooks/use-language-switching';
import { CartDrawerProvider } from '../../screens/cart/cart-drawer-provider';
import { CartToaster } from '../../screens/cart/cart-toaster';
import { ConnectivityBanner } from '../../screens/connectivity/connectivity-banner';
import { ProductDialogProvider } from '../../screens/product-dialog/product-dialog-provider';
import { Header } from './header';
import { MenuDrawer } from './menu-drawer';
import { Sidebar } from './sidebar';

const mainId = 'main-content';

export function MainLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useLanguageSwitching();
  // Whether the phone drawer is open is view state: it does not outlive the screen or matter to any flow.
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <CartDrawerProvider>
      <ProductDialogProvider>
        <div className="min-h-dvh">
          <a
            href={`#${mainId}`}
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded focus:bg-surface-raised focus:px-3 focus:py-2"
          >
            {t('app.skipToContent')}
          </a>
          <Header onOpenMenu={() => setDrawerOpen(true)} />
          <ConnectivityBanner />
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
          <div className="flex">
            <Sidebar />
            <main id={mainId} tabIndex={-1} className="min-w-0 flex-1 p-3 desktop:p-6">
              {children}
            </main>
          </div>
        </div>
        <CartToaster />
      </ProductDialogProvider>
    </CartDrawerProvider>
  );
}
