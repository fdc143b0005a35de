import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "A new version is ready", with Reload: shown when an updated portal has been installed in the
 * background (src/services/pwa/register.ts). It never reloads by itself, so a half-typed order or
 * form stays until the buyer chooses; Later hides it for this visit. Not a dialog: nothing else
 * on the page waits for it.
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (hidden) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-line bg-surface-raised p-3 text-fg shadow-lg"
      >
        <p className="min-w-0 flex-1 text-start font-medium">{t('appUpdate.ready')}</p>
        <div className="ms-auto flex gap-2">
          <button
            type="button"
            onClick={() => setHidden(true)}
            className="tap-target rounded-md px-3 font-medium text-fg-muted hover:bg-surface-sunken"
          >
            {t('appUpdate.later')}
          </button>
          <button
            type="button"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              onReload();
            }}
            className="tap-target rounded-md bg-brand px-3 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-70"
          >
            {t('appUpdate.reload')}
          </button>
        </div>
      </div>
    </div>
  );
}
