import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { selectIsDemo } from '../../machines/session.selectors';
import { LoadingState } from '../components/LoadingState';
import { orderDetailRoute, orderRoutePattern } from '../components/orderPaths';
import {
  CampaignScreen,
  CampaignsScreen,
  CatalogBrandScreen,
  CatalogCategoryScreen,
  CatalogScreen,
  NotificationScreen,
  ProductsScreen,
} from '../screens/catalogueScreens';
import { ForbiddenPage } from '../screens/error/ForbiddenPage';
import { NotFoundPage } from '../screens/error/NotFoundPage';
import { HomeScreen } from '../screens/home/HomeScreen';
import { OrderDetailScreen } from '../screens/orders/OrderDetailScreen';
import { OrdersScreen } from '../screens/orders/OrdersScreen';
import { PassedOrderScreen } from '../screens/orders/PassedOrderScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { useSessionRef } from './AppActorContext';
import { MainLayout } from './layout/MainLayout';
import { paths, routePatterns } from './paths';

/** The signed-in portal: every route of spec point 2 inside the main layout. */
export function MainRoutes() {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  return (
    <MainLayout>
      <Suspense fallback={<LoadingState label={t('app.loading')} />}>
        <Switch>
          <Route path={paths.home} component={HomeScreen} />
          <Route path={paths.orders} component={isDemo ? ForbiddenPage : OrdersScreen} />
          <Route path={orderRoutePattern} component={isDemo ? ForbiddenPage : OrderDetailScreen} />
          <Route path={orderDetailRoute} component={isDemo ? ForbiddenPage : PassedOrderScreen} />
          <Route path={paths.products} component={ProductsScreen} />
          <Route path={paths.campaigns} component={CampaignsScreen} />
          <Route path={routePatterns.campaign} component={CampaignScreen} />
          <Route path={paths.catalog} component={CatalogScreen} />
          <Route path={routePatterns.catalogBrand} component={CatalogBrandScreen} />
          <Route path={routePatterns.catalogCategory} component={CatalogCategoryScreen} />
          <Route path={routePatterns.notification} component={NotificationScreen} />
          <Route path={paths.settings} component={isDemo ? ForbiddenPage : SettingsScreen} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </MainLayout>
  );
}
