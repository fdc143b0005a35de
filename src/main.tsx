import './styles.css';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { appMachine } from './machines/app.machine';
import { selectLanguage } from './machines/session.selectors';
import { createPortalApi } from './services/api';
import { loadRuntimeConfig } from './services/config';
import { App } from './ui/app/App';
import { AppActorProvider } from './ui/app/AppActorContext';
import { BootFailure } from './ui/app/BootFailure';
import { initI18n } from './ui/app/i18n';

const root = createRoot(document.getElementById('root')!);

async function boot() {
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  // The API is created before the actor that owns the session, so the language is looked up late.
  let app: ReturnType<typeof createActor<typeof appMachine>> | null = null;
  const api = createPortalApi({
    apiBase: config.apiBase,
    getLanguage: () => {
      const session = app?.getSnapshot().children.session?.getSnapshot();
      return (session && selectLanguage(session)) ?? i18next.resolvedLanguage ?? null;
    },
  });
  // Created once, outside React: StrictMode's double effects must not start the children twice.
  app = createActor(appMachine, { input: { api } }).start();
  root.render(
    <StrictMode>
      <AppActorProvider actor={app}>
        <App />
      </AppActorProvider>
    </StrictMode>,
  );
}

boot().catch((error: unknown) => {
  console.error(error);
  root.render(<BootFailure error={error} />);
});
