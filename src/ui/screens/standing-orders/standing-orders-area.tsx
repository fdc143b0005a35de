import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';
import { useCapability } from '../../hooks/use-capability';
import { NotFoundPage } from '../error/not-found-page';
import { StandingOrderCreateScreen } from './standing-order-create-screen';
import { standingOrderPaths, standingOrderPatterns } from './standing-order-paths';
import { StandingOrderScreen } from './standing-order-screen';
import { StandingOrdersList } from './standing-orders-list';

/**
 * /standing-orders/…: the list of series, the create form and one series. A backend without the
 * capability gets the title and one sentence (a bookmark kept from another backend).
 */
export function StandingOrdersArea() {
  const { t } = useTranslation();
  if (!useCapability('standingOrders'))
    return (
      <div className="flex flex-col gap-4">
        <PageTitle>{t('standingOrders.title')}</PageTitle>
        <NotOffered />
      </div>
    );
  return (
    <Switch>
      <Route path={standingOrderPaths.list} component={StandingOrdersList} />
      <Route path={standingOrderPatterns.create} component={StandingOrderCreateScreen} />
      <Route path={standingOrderPatterns.series} component={StandingOrderScreen} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
