import i18next from 'i18next';

/** Shown when the portal cannot start (no /config.json, translations unreachable). */
export function BootFailure({ error }: { error: unknown }) {
  // The translations may be what failed, so the spec's English text is the fallback.
  const title = i18next.isInitialized ? i18next.t('routeError.title') : 'Unexpected Application Error!';
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col gap-3 p-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="font-mono text-fg-muted">{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}
