import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A product list on a backend without the product pages is built from a search: before there is one,
 * the list offers a search box and says why, instead of an error or an empty list.
 */
export function SearchToList({
  inCategory,
  onSearch,
}: {
  inCategory: boolean;
  onSearch: (query: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const hintId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (query !== '') onSearch(query);
  }
  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-2">
      <p id={hintId} className="text-fg-muted">
        {inCategory ? t('productSearchOnly.hintInCategory') : t('productSearchOnly.hint')}
      </p>
      <div className="flex gap-2">
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-label={t('search.label')}
          aria-describedby={hintId}
          placeholder={t('search.placeholder')}
          className="tap-target min-w-0 flex-1 rounded-lg border border-line bg-surface-raised px-3"
        />
        <button
          type="submit"
          className="tap-target inline-flex items-center gap-2 rounded-lg bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong"
        >
          <Search aria-hidden="true" className="size-4" />
          {t('productSearchOnly.submit')}
        </button>
      </div>
    </form>
  );
}
