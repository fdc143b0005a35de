import { useSelector } from '@xstate/react';
import { ChevronLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { selectIsMainUser } from '../../../machines/session';
import { selectIsIndividual } from '../../../machines/settings';
import { paths, routePatterns } from '../../app/routes';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { useSessionRef } from '../../hooks/use-app-actor';
import { ForbiddenPage } from '../error/forbidden-page';
import { NotFoundPage } from '../error/not-found-page';
import { CompanyInfoProvider } from './company/company-info-provider';
import { useCompanyInfo } from './company/use-company-info';
import { SettingsOverview, SettingsTabs } from './settings-menu';
import { sectionAt, sectionsFor } from './settings-sections';

// Each section is its own chunk: a customer who only changes the language never loads the user forms.
const CompanySection = lazy(() =>
  import('./company/company-section').then((module) => ({ default: module.CompanySection })),
);
const AddressesSection = lazy(() =>
  import('./addresses/addresses-section').then((module) => ({ default: module.AddressesSection })),
);
const UsersSection = lazy(() =>
  import('./users/users-section').then((module) => ({ default: module.UsersSection })),
);
const NewUserSection = lazy(() =>
  import('./users/new-user-section').then((module) => ({ default: module.NewUserSection })),
);
const UserDetailSection = lazy(() =>
  import('./users/user-detail-section').then((module) => ({ default: module.UserDetailSection })),
);
const AccountSection = lazy(() =>
  import('./account/account-section').then((module) => ({ default: module.AccountSection })),
);
const LanguageSection = lazy(() =>
  import('./language/language-section').then((module) => ({ default: module.LanguageSection })),
);
const QuickOrderSettingsSection = lazy(() =>
  import('./quick-order-settings-section').then((module) => ({ default: module.QuickOrderSettingsSection })),
);
const SubstitutesSection = lazy(() =>
  import('./substitutes/substitutes-section').then((module) => ({ default: module.SubstitutesSection })),
);

/**
 * The settings area (spec point 2): tabs on the desktop, the section list on a phone, and one
 * sub-route per section so a link or a reload lands on it. The company info is shared by the company
 * and address sections, so switching between them does not load it again.
 */
export function SettingsScreen() {
  return (
    <CompanyInfoProvider>
      <SettingsArea />
    </CompanyInfoProvider>
  );
}

function SettingsArea() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const isMainUser = useSelector(useSessionRef(), selectIsMainUser);
  // the company info says whether the account is a private person's, which changes the sections
  const isIndividual = useSelector(useCompanyInfo(), selectIsIndividual);
  const sections = sectionsFor(isMainUser, isIndividual);
  const current = sectionAt(location, sections);
  const users = isIndividual ? NotFoundPage : isMainUser ? undefined : ForbiddenPage;
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <PageTitle>{t('settings.title')}</PageTitle>
      {/* on /settings/ the overview is the menu: a second "Settings sections" navigation would repeat it */}
      {current ? <SettingsTabs sections={sections} current={current} /> : null}
      {current ? (
        <Link
          href={paths.settings}
          className="tap-target -my-2 inline-flex items-center gap-1 self-start text-sm text-fg-muted hover:text-fg desktop:hidden"
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('settings.allSections')}
        </Link>
      ) : null}
      <Suspense fallback={<LoadingState label={t('app.loading')} />}>
        <Switch>
          <Route path={paths.settings}>
            <SettingsOverview sections={sections} />
          </Route>
          <Route path={paths.settingsCompany} component={CompanySection} />
          <Route path={paths.settingsAddresses} component={AddressesSection} />
          <Route path={paths.settingsUsers} component={users ?? UsersSection} />
          <Route path={paths.settingsNewUser} component={users ?? NewUserSection} />
          <Route path={routePatterns.settingsUser} component={users ?? UserDetailSection} />
          <Route path={paths.settingsAccount} component={AccountSection} />
          <Route path={paths.settingsLanguage} component={LanguageSection} />
          <Route path={paths.settingsQuickOrder} component={QuickOrderSettingsSection} />
          <Route path={paths.settingsSubstitutes} component={SubstitutesSection} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </div>
  );
}
