import { lazy } from 'react';

let panelArrived = false;

/** Whether the panel's chunk is here: a section drawn after that shows the panel at once. */
export const quickOrderPanelArrived = () => panelArrived;

// Its own chunk: the home page and the settings page draw first; the quick order arrives a moment later,
// and the spreadsheet library only with a file, in the worker.
export const LazyQuickOrderPanel = lazy(() =>
  import('./quick-order-panel').then((module) => {
    panelArrived = true;
    return { default: module.QuickOrderPanel };
  }),
);
