import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Logo } from '../../components/logo';
import { useConfiguration } from '../../hooks/use-configuration';
import { paths } from '../routes';

/** Wide logo from the desktop layout up, the square one on phones; each falls back to the other, then to the name. */
export function HeaderLogo() {
  const { t } = useTranslation();
  const configuration = useConfiguration();
  const siteName = configuration?.siteName || t('app.siteName');
  const wide = configuration?.logoWide;
  const square = configuration?.logoSquare;
  return (
    <Link href={paths.home} className="tap-target flex shrink-0 items-center justify-center rounded-md">
      <span className="hidden min-w-0 desktop:flex">
        <Logo sources={[wide, square]} siteName={siteName} className="h-8 max-w-48" />
      </span>
      <span className="flex min-w-0 desktop:hidden">
        <Logo sources={[square, wide]} siteName={siteName} className="h-8 max-w-24" />
      </span>
    </Link>
  );
}
