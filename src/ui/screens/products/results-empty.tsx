import { Trans, useTranslation } from 'react-i18next';

/** "No products match …" on the results page or a filtered list, with a way back to every match. */
export function ResultsEmpty({
  query,
  onClear,
}: {
  query: string | null;
  onClear?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-md border border-dashed border-line bg-surface-raised px-4 py-6 text-center text-fg-muted">
      <p role="status">
        {query === null ? (
          t('results.emptyFiltered')
        ) : (
          <Trans i18nKey="results.empty" values={{ query }} components={{ q: <bdi dir="auto" /> }} />
        )}
      </p>
      {onClear && (
        <button
          type="button"
          onClick={onClear}
          className="tap-target inline-flex items-center rounded-md border border-line bg-surface-raised px-4 font-medium text-fg hover:bg-surface-sunken"
        >
          {t('results.clearFilters')}
        </button>
      )}
    </div>
  );
}
