import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppActor, loadRuntimeConfig } from './machines/app.actor';
import { App } from './ui/app/App';
import { AppActorProvider } from './ui/app/AppActorContext';
import { BootFailure } from './ui/app/BootFailure';
import { initI18n } from './ui/app/i18n';

const root = createRoot(document.getElementById('root')!);

async function boot() {
  const [config, i18n] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  // Created once, outside React: StrictMode's double effects must not start the children twice.
  const app = createAppActor(config, { fallbackLanguage: () => i18n.resolvedLanguage ?? null });
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
