import { useActorRef, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Product } from '../../../domain/types';
import {
  bindSearch,
  selectSearchErrorKey,
  selectSearchPanel,
  selectSearchQuery,
  selectSearchResults,
} from '../../../machines/catalogue';
import { paths } from '../../app/routes';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useOpenProduct } from '../product-dialog/product-dialog-provider';
import { ScanLauncher } from '../scan/scan-launcher';
import { useAddScannedToCart } from '../scan/use-add-scanned-to-cart';
import { SearchPanel } from './search-panel';

/** spec point 8: failures are reported through the one reporter */

/**
 * The header product search (spec point 4, Search box), in the header on every screen size: focus
 * opens the panel, typing searches after 250 ms, leaving the box closes it. Arrow keys move
 * through the results and Enter opens the one picked (as a click on a card does); Enter with none
 * picked closes the panel and opens the results page, /products/?q=. Escape closes the
 * panel.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const search = useActorRef(useBoundMachine(bindSearch), usePortalInspection());
  const query = useSelector(search, selectSearchQuery);
  const results = useSelector(search, selectSearchResults);
  const panel = useSelector(search, selectSearchPanel);
  const errorKey = useSelector(search, selectSearchErrorKey);
  const openProduct = useOpenProduct();
  const addScanned = useAddScannedToCart();
  const [, navigate] = useLocation();
  const listId = useId();
  // Which result the arrow keys point at is view state: it matters to no flow and resets with the results.
  const [active, setActive] = useState<{ results: Product[]; index: number }>({ results, index: -1 });
  const activeIndex = active.results === results ? active.index : -1;
  const showsResults =
    (panel === 'results' || panel === 'pending' || panel === 'loading') && results.length > 0;

  function choose(product: Product) {
    search.send({ type: 'search.closed' });
    openProduct(product);
  }

  function showResultsPage() {
    const text = query.trim();
    if (text === '') return;
    search.send({ type: 'search.submitted' });
    navigate(paths.searchResults(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      // Chrome would otherwise empty a type="search" box on Escape.
      event.preventDefault();
      search.send({ type: 'search.closed' });
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && showsResults) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = Math.min(Math.max(activeIndex + step, 0), results.length - 1);
      setActive({ results, index: next });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const product = showsResults && activeIndex >= 0 ? results[activeIndex] : undefined;
      if (product) choose(product);
      else showResultsPage();
    } else if (panel === 'closed' && event.key === 'ArrowDown') {
      search.send({ type: 'search.focused' });
    }
  }

  return (
    <div className="relative flex w-full max-w-xl gap-2">
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted"
        />
        <input
          type="search"
          // the APG combobox: the results are its listbox popup, the focus stays in the box
          role="combobox"
          aria-expanded={panel !== 'closed'}
          aria-autocomplete="list"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          aria-controls={showsResults ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          dir="auto"
          onFocus={() => search.send({ type: 'search.focused' })}
          onBlur={() => search.send({ type: 'search.closed' })}
          onChange={(event) => search.send({ type: 'search.typed', query: event.target.value })}
          onKeyDown={onKeyDown}
          className="block h-11 w-full rounded-md border border-line bg-surface-sunken ps-9 pe-3 text-fg placeholder:text-fg-muted focus:border-brand focus:bg-surface-raised focus:outline-2 focus:outline-brand/40 desktop:h-9"
        />
      </div>
      <ScanLauncher onConfirmed={addScanned} className="h-11 w-11 desktop:h-9 desktop:w-9" />
      {panel !== 'closed' && (
        <SearchPanel
          id={listId}
          panel={panel}
          results={results}
          activeIndex={activeIndex}
          errorKey={errorKey}
          onChoose={choose}
          onRetry={() => search.send({ type: 'search.retried' })}
        />
      )}
    </div>
  );
}
