import { registerServiceWorker } from '../services/pwa/register';

// Imported once, after the portal's first render, in production only (src/main.tsx): this chunk is
// workbox-window and the registration, nothing of the login route. The prompt (and its texts) load
// only when an update is waiting. Registering can fail where the browser refuses workers (a private
// window, no HTTPS): the portal works on without one, only not offline.
if ('serviceWorker' in navigator)
  registerServiceWorker(
    (reload) =>
      void import('../ui/components/update-prompt-root').then((module) => module.showUpdatePrompt(reload)),
  ).catch((error: unknown) => console.warn('The service worker did not register:', error));
