import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { warmCollation } from '../../domain/name-collation';
import { selectIsDemo } from '../../machines/session';
import { LoadingState } from '../components/loading-state';
import { useSessionRef } from '../hooks/use-app-actor';
import { useCanReviewFlows } from '../hooks/use-can-review-flows';
import { ForbiddenPage } from '../screens/error/forbidden-page';
import { NotFoundPage } from '../screens/error/not-found-page';
import { stockTakePattern } from '../screens/favourites/stock-take-path';
import { HomeScreen } from '../screens/home/home-screen';
import { OrderDetailScreen } from '../screens/orders/order-detail-screen';
import { OrdersScreen } from '../screens/orders/orders-screen';
import { PassedOrderScreen } from '../screens/orders/passed-order-screen';
import { MainLayout } from './layout/main-layout';
import { paths, routePatterns } from './routes';

// The home sorts its categories by name as soon as they arrive; ICU's collation data loads with the first
// collator of the page, so it loads now, in a task of its own, not inside a render.
setTimeout(warmCollation);

// Catalogue screens and the settings area are their own chunks: the product list (virtualiser, filters) and the catalog
// pages load when first visited, never with the login route or the home page.
const ProductsScreen = lazy(() =>
  import('../screens/products/products-screen').then((module) => ({ default: module.ProductsScreen })),
);
const CampaignsScreen = lazy(() =>
  import('../screens/campaigns/campaigns-screen').then((module) => ({ default: module.CampaignsScreen })),
);
const CampaignScreen = lazy(() =>
  import('../screens/campaigns/campaign-screen').then((module) => ({ default: module.CampaignScreen })),
);
const CatalogScreen = lazy(() =>
  import('../screens/catalog/catalog-screen').then((module) => ({ default: module.CatalogScreen })),
);
const CatalogBrandScreen = lazy(() =>
  import('../screens/catalog/catalog-detail-screen').then((module) => ({
    default: module.CatalogBrandScreen,
  })),
);
const CatalogCategoryScreen = lazy(() =>
  import('../screens/catalog/catalog-detail-screen').then((module) => ({
    default: module.CatalogCategoryScreen,
  })),
);
const SettingsScreen = lazy(() =>
  import('../screens/settings/settings-screen').then((module) => ({ default: module.SettingsScreen })),
);
const FavouriteListsScreen = lazy(() =>
  import('../screens/favourites/favourite-lists-screen').then((module) => ({
    default: module.FavouriteListsScreen,
  })),
);
const FavouriteListScreen = lazy(() =>
  import('../screens/favourites/favourite-list-screen').then((module) => ({
    default: module.FavouriteListScreen,
  })),
);
const StockTakeScreen = lazy(() =>
  import('../screens/favourites/stock-take-screen').then((module) => ({ default: module.StockTakeScreen })),
);
const DocumentsScreen = lazy(() =>
  import('../screens/documents/documents-screen').then((module) => ({ default: module.DocumentsScreen })),
);
const StandingOrdersArea = lazy(() =>
  import('../screens/standing-orders/standing-orders-area').then((module) => ({
    default: module.StandingOrdersArea,
  })),
);
// the studio (diagrams, layout engine, all machines) is a chunk of its own
const StatechartStudio = lazy(() =>
  import('../screens/statecharts/statechart-studio').then((module) => ({ default: module.StatechartStudio })),
);
const NotificationScreen = lazy(() =>
  import('../screens/notifications/notification-screen').then((module) => ({
    default: module.NotificationScreen,
  })),
);

/** The signed-in portal: every route of spec point 2 inside the main layout. */
export function MainRoutes() {
  const { t } = useTranslation();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const canReviewFlows = useCanReviewFlows();
  return (
    <MainLayout>
      <Suspense fallback={<LoadingState label={t('app.loading')} />}>
        <Switch>
          <Route path={paths.home} component={HomeScreen} />
          <Route path={paths.orders} component={isDemo ? ForbiddenPage : OrdersScreen} />
          <Route path={routePatterns.order} component={isDemo ? ForbiddenPage : OrderDetailScreen} />
          <Route path={routePatterns.orderDetail} component={isDemo ? ForbiddenPage : PassedOrderScreen} />
          <Route path={paths.products} component={ProductsScreen} />
          <Route path={paths.campaigns} component={CampaignsScreen} />
          <Route path={routePatterns.campaign} component={CampaignScreen} />
          <Route path={paths.catalog} component={CatalogScreen} />
          <Route path={routePatterns.catalogBrand} component={CatalogBrandScreen} />
          <Route path={routePatterns.catalogCategory} component={CatalogCategoryScreen} />
          <Route path={routePatterns.notification} component={NotificationScreen} />
          <Route path={paths.favourites} component={isDemo ? ForbiddenPage : FavouriteListsScreen} />
          <Route
            path={routePatterns.favouriteList}
            component={isDemo ? ForbiddenPage : FavouriteListScreen}
          />
          <Route path={stockTakePattern} component={isDemo ? ForbiddenPage : StockTakeScreen} />
          <Route path={paths.documents} component={isDemo ? ForbiddenPage : DocumentsScreen} />
          <Route
            path={routePatterns.standingOrdersArea}
            component={isDemo ? ForbiddenPage : StandingOrdersArea}
          />
          <Route
            path={routePatterns.statechartsArea}
            component={canReviewFlows ? StatechartStudio : ForbiddenPage}
          />
          <Route path={routePatterns.settingsArea} component={isDemo ? ForbiddenPage : SettingsScreen} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </MainLayout>
  );
}
