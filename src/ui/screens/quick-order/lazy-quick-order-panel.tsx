import { lazy } from 'react';

// Its own chunk: the home page and the settings page draw first; the quick order arrives a moment later,
// and the spreadsheet library only with a file, in the worker.
export const LazyQuickOrderPanel = lazy(() =>
  import('./quick-order-panel').then((module) => ({ default: module.QuickOrderPanel })),
);
