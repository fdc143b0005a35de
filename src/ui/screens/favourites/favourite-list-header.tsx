import { Field, Label, Switch } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  selectCanChangeList,
  selectFavouriteList,
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectIsListEditable,
  selectIsSharing,
  selectShownShared,
} from '../../../machines/favourites';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { FavouriteListActionError } from './favourite-list-action-error';
import { FavouriteListRename } from './favourite-list-rename';
import type { FavouriteListRef } from './favourite-list-types';

const buttonClass =
  'tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60';

/** The list's name and, for its owner, rename, shared/private and delete; for a colleague, whose list it is. */
export function FavouriteListHeader({ list }: { list: FavouriteListRef }) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const summary = useSelector(list, selectFavouriteList);
  const editable = useSelector(list, selectIsListEditable);
  const shared = useSelector(list, selectShownShared);
  const sharing = useSelector(list, selectIsSharing);
  const canChange = useSelector(list, selectCanChangeList);
  const confirmingDelete = useSelector(list, selectIsConfirmingDelete);
  const deleting = useSelector(list, selectIsDeleting);
  if (!summary) return null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <PageTitle>
          <bdi dir="auto">{summary.name}</bdi>
        </PageTitle>
        {editable && <FavouriteListRename list={list} name={summary.name} disabled={!canChange} />}
      </div>
      {!editable && (
        <p className="flex items-center gap-2 text-fg-muted">
          <Users aria-hidden="true" className="size-4 shrink-0" />
          {t('favourites.list.sharedBy', { name: isolate(summary.owner.name) })}
        </p>
      )}
      {editable && (
        <div className="flex flex-wrap items-center gap-4">
          <Field className="flex items-center gap-3">
            <Switch
              checked={shared}
              disabled={sharing || !canChange}
              onChange={(value: boolean) => list.send({ type: 'favouriteList.sharedChanged', shared: value })}
              className="group tap-target relative inline-flex items-center"
            >
              <span className="inline-flex h-6 w-11 items-center rounded-full bg-line transition group-data-[checked]:bg-brand">
                <span className="size-4 translate-x-1 rounded-full bg-surface-raised transition group-data-[checked]:translate-x-6 rtl:-translate-x-1 rtl:group-data-[checked]:-translate-x-6" />
              </span>
            </Switch>
            <Label>{t('favourites.list.shared')}</Label>
          </Field>
          <button
            type="button"
            disabled={!canChange}
            onClick={() => list.send({ type: 'favouriteList.deleteRequested' })}
            className={`${buttonClass} text-danger`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('favourites.list.deleteList')}
          </button>
        </div>
      )}
      <FavouriteListActionError list={list} />
      <ConfirmDialog
        open={confirmingDelete}
        title={t('favourites.list.deleteTitle')}
        message={t('favourites.list.deleteMessage', { name: isolate(summary.name) })}
        confirmLabel={t('favourites.list.delete')}
        cancelLabel={t('favourites.list.cancel')}
        busy={deleting}
        busyLabel={t('favourites.list.deleting')}
        danger
        onConfirm={() => list.send({ type: 'favouriteList.deleteConfirmed' })}
        onCancel={() => list.send({ type: 'favouriteList.deleteCancelled' })}
      />
    </div>
  );
}
