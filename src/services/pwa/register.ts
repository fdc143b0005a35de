import { Workbox } from 'workbox-window';

/** What the page needs of workbox-window's Workbox: a seam for the test, which has no worker. */
export interface WorkerRegistration {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  /** posts SKIP_WAITING to the registration's waiting worker (src/sw.ts listens for it) */
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
}

/**
 * Registers the service worker (dist/sw.js, built from src/sw.ts) and calls `onUpdateReady` when a
 * new version is installed and waiting, also one found waiting at this visit's start. The new
 * version takes over only when the buyer chooses: `onUpdateReady`'s `reload` asks it to, and
 * reloads the page once it controls the page, never before. Loaded lazily after the first paint
 * (src/main.tsx): neither this module nor workbox-window is part of the login route.
 */
export async function registerServiceWorker(
  onUpdateReady: (reload: () => void) => void,
  {
    worker = new Workbox('/sw.js', { scope: '/' }),
    reloadPage = () => window.location.reload(),
  }: { worker?: WorkerRegistration; reloadPage?: () => void } = {},
): Promise<void> {
  let reloadWhenControlling = false;
  worker.addEventListener('controlling', () => {
    if (reloadWhenControlling) reloadPage();
  });
  worker.addEventListener('waiting', () =>
    onUpdateReady(() => {
      reloadWhenControlling = true;
      // to the registration's waiting worker: one found after this page registered is "external" to
      // workbox-window, and messageSW would reach the active worker instead
      worker.messageSkipWaiting();
    }),
  );
  await worker.register();
}
