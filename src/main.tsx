import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { capabilityReporting, createPortalInSteps, loadRuntimeConfig, type Portal } from './machines/app';
import { createPortalApi } from './services/api';
import { interfaceLanguageOf } from './services/api/client';
import { lazyInspectionBridge } from './services/inspection/lazy-bridge';
import { nextTask } from './services/next-task';
import { App } from './ui/app/app';
import { AppActorProvider } from './ui/app/app-actor-provider';
import { BootFailure } from './ui/app/boot-failure';
import { initI18n } from './ui/app/i18n';

const root = createRoot(document.getElementById('root')!);

async function boot() {
  await nextTask();
  const [config, i18n] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  await nextTask();
  // Every request's Accept-Language is the interface language the customer currently reads, so the
  // server answers catalogue texts (categories, units, notifications) in it.
  // A call the backend turns out not to have, or one of a capability it lacks, goes to the app's
  // `capabilities` actor (created below, before any such call).
  let app: Portal['app'] | undefined;
  const api = createPortalApi({
    apiBase: config.apiBase,
    getLanguage: interfaceLanguageOf(i18n),
    ...capabilityReporting(() => app),
  });
  // The composition root, once, outside React: StrictMode's double effects must not start the children twice.
  // Silent until a statechart studio in another tab of this browser asks (the studio's Live view).
  const { inspect, tab } = lazyInspectionBridge(config.apiBase);
  const portal = await createPortalInSteps({ api }, { inspect, inspectionTab: tab }, nextTask);
  app = portal.app;
  await nextTask();
  // A transition renders in slices of a few milliseconds, yielding to the browser between them: the first
  // render of the signed-in shell was one long task. The splash stays until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppActorProvider portal={portal}>
          <App />
        </AppActorProvider>
      </StrictMode>,
    ),
  );
  // The service worker, once the browser is idle after this render: a lazy chunk with workbox-window,
  // none of it in the login route (src/service-worker/start.ts).
  if (import.meta.env.PROD)
    (window.requestIdleCallback ?? setTimeout)(() => import('./service-worker/start'));
}

boot().catch((error: unknown) => {
  console.error(error);
  root.render(<BootFailure error={error} />);
});
