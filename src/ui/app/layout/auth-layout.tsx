import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { useConfiguration } from '../../hooks/use-configuration';

/** The centred card around the login screen and the /auth/* flows; `wide` for the registration form. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const configuration = useConfiguration();
  const siteName = configuration?.siteName || t('app.siteName');
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-8">
      <main
        className={`w-full ${wide ? 'max-w-xl' : 'max-w-sm'} rounded-lg border border-line bg-surface-raised p-6 shadow-sm`}
      >
        {/* as tall as the logo, so the site name shown until the configuration arrives does not shift the form */}
        <div className="mb-5 flex h-12 items-center justify-center">
          <Logo
            sources={[configuration?.logoWide, configuration?.logoSquare]}
            siteName={siteName}
            className="h-12 max-w-64"
          />
        </div>
        {children}
      </main>
    </div>
  );
}
