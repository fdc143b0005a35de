import { Workbox } from 'workbox-window';
import { SKIP_WAITING } from './sw-rules';

/** What the page needs of workbox-window's Workbox: a seam for the test, which has no worker. */
export interface WorkerRegistration {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSW(data: { type: string }): Promise<unknown>;
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
      void worker.messageSW({ type: SKIP_WAITING });
    }),
  );
  await worker.register();
}
