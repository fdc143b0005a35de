import { useSelector } from '@xstate/react';
import { Route, Switch } from 'wouter';
import { selectIsDemo } from '../../machines/session.selectors';
import { CampaignsScreen } from '../screens/campaigns/CampaignsScreen';
import { ForbiddenPage } from '../screens/error/ForbiddenPage';
import { NotFoundPage } from '../screens/error/NotFoundPage';
import { HomeScreen } from '../screens/home/HomeScreen';
import { OrdersScreen } from '../screens/orders/OrdersScreen';
import { ProductsScreen } from '../screens/products/ProductsScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { useSessionRef } from './AppActorContext';
import { MainLayout } from './layout/MainLayout';
import { paths } from './paths';

/** The signed-in portal: every route of spec point 2 inside the main layout. */
export function MainRoutes() {
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <MainLayout>
      <Switch>
        <Route path={paths.home} component={HomeScreen} />
        <Route path={paths.orders} component={isDemo ? ForbiddenPage : OrdersScreen} />
        <Route path={paths.products} component={ProductsScreen} />
        <Route path={paths.campaigns} component={CampaignsScreen} />
        <Route path={paths.settings} component={isDemo ? ForbiddenPage : SettingsScreen} />
        <Route component={NotFoundPage} />
      </Switch>
    </MainLayout>
  );
}
