import { useSelector } from '@xstate/react';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectActionError } from '../../../machines/favourites';
import type { FavouriteListRef } from './favourite-list-types';

type ActionError = ReturnType<typeof selectActionError>;
/** The message re-renders only when it says something else (the selector builds a new object). */
const sameActionError = (a: ActionError, b: ActionError) =>
  a?.action === b?.action && a?.refusal === b?.refusal;

/** Why a rename, share, removal, restore or delete did not happen (`loaded.notice.failed`); the action itself is the retry. */
export function FavouriteListActionError({ list }: { list: FavouriteListRef }) {
  const { t } = useTranslation();
  const error = useSelector(list, selectActionError, sameActionError);
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-danger"
    >
      <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">{t(`favourites.list.errors.${error.refusal}`)}</p>
      <button
        type="button"
        onClick={() => list.send({ type: 'favouriteList.actionErrorDismissed' })}
        className="tap-target rounded-md border border-line bg-surface-raised px-3 font-medium text-fg hover:bg-surface-sunken"
      >
        {t('common.close')}
      </button>
    </div>
  );
}
