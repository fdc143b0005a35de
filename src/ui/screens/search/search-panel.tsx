import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../domain/types';
import type { SearchPanel as PanelState } from '../../../machines/catalogue';
import { PriceBasisNote } from '../../app/price/price-basis-note';
import { ErrorState } from '../../components/error-state';
import { Spinner } from '../../components/spinner';
import { ProductCard } from './product-card';

interface SearchPanelProps {
  id: string;
  panel: Exclude<PanelState, 'closed'>;
  results: Product[];
  activeIndex: number;
  errorKey: string | null;
  onChoose: (product: Product) => void;
  onRetry: () => void;
}

// A press inside the panel must not blur the box first: the blur would close the panel before the click lands.
const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();

/** The three messages of spec point 4 (empty query, loading image, "Result not found..."), the error, the cards. */
export function SearchPanel(props: SearchPanelProps) {
  const { id, panel, results, activeIndex, errorKey, onChoose, onRetry } = props;
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const busy = panel === 'pending' || panel === 'loading';
  const showsResults = panel === 'results' || (busy && results.length > 0);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(`${id}-${activeIndex}`)}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the search box; not an action
    <div
      onMouseDown={keepFocus}
      className="absolute inset-x-0 top-full z-50 mt-1 flex max-h-[70dvh] flex-col rounded-md border border-line bg-surface-raised shadow-lg"
    >
      {panel === 'empty' && <p className="px-4 py-3 text-fg-muted">{t('search.empty')}</p>}
      {busy && (
        <p role="status" className="flex items-center gap-2 px-4 py-3 text-fg-muted">
          <Spinner className="size-5 text-brand" />
          <span>{t('search.loading')}</span>
        </p>
      )}
      {panel === 'notFound' && (
        <p role="status" className="px-4 py-3 text-fg-muted">
          {t('search.notFound')}
        </p>
      )}
      {panel === 'failed' && (
        <div className="p-2">
          <ErrorState message={t((errorKey ?? 'errors.unknown') as 'errors.unknown')} onRetry={onRetry} />
        </div>
      )}
      {showsResults && <PriceBasisNote className="px-4 pt-2" />}
      {showsResults && (
        // the listbox scrolls, not the panel: a combobox's popup may scroll without taking focus itself
        <div
          ref={listRef}
          id={id}
          role="listbox"
          aria-label={t('search.results')}
          className="min-h-0 overflow-y-auto p-1"
        >
          {results.map((product, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search box owns the keyboard (arrows and Enter)
            <div
              key={product.id}
              id={`${id}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              onClick={() => onChoose(product)}
              className="tap-target cursor-pointer rounded-md px-3 py-2 hover:bg-surface-sunken aria-selected:bg-brand-soft"
            >
              <ProductCard product={product} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
