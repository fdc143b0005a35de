import { lazy } from 'react';

// Catalogue screens are their own chunks: the product list (virtualiser, filters) and the catalog
// pages load when first visited, never with the login route or the home page.
export const ProductsScreen = lazy(() =>
  import('./products/ProductsScreen').then((module) => ({ default: module.ProductsScreen })),
);
export const CampaignsScreen = lazy(() =>
  import('./campaigns/CampaignsScreen').then((module) => ({ default: module.CampaignsScreen })),
);
export const CampaignScreen = lazy(() =>
  import('./campaigns/CampaignScreen').then((module) => ({ default: module.CampaignScreen })),
);
export const CatalogScreen = lazy(() =>
  import('./catalog/CatalogScreen').then((module) => ({ default: module.CatalogScreen })),
);
export const CatalogBrandScreen = lazy(() =>
  import('./catalog/CatalogDetailScreen').then((module) => ({ default: module.CatalogBrandScreen })),
);
export const CatalogCategoryScreen = lazy(() =>
  import('./catalog/CatalogDetailScreen').then((module) => ({ default: module.CatalogCategoryScreen })),
);
export const NotificationScreen = lazy(() =>
  import('./notifications/NotificationScreen').then((module) => ({ default: module.NotificationScreen })),
);
