import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAVOURITE_LIST_NAME_MAX_LENGTH } from '../../../domain/favourite-rules';
import { selectIsRenaming, selectNameAccepted, selectNameError } from '../../../machines/favourites';
import { inputClass } from '../../components/field-classes';
import type { FavouriteListRef } from './favourite-list-types';

/** The owner's Rename: a small dialog with the name; the list checks it and saves it. */
export function FavouriteListRename({
  list,
  name,
  disabled,
}: {
  list: FavouriteListRef;
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(name);
  const renaming = useSelector(list, selectIsRenaming);
  const nameError = useSelector(list, selectNameError);
  const nameAccepted = useSelector(list, selectNameAccepted);
  // Save asks the list; its answer (a rule refused the name, or not) decides whether the dialog closes
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!asked) return;
    setAsked(false);
    if (nameAccepted) setOpen(false);
  }, [asked, nameAccepted]);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: 'favouriteList.renamed', name: text });
    setAsked(true);
  };

  return (
    <>
      <button
        type="button"
        disabled={renaming || disabled}
        onClick={() => {
          setText(name);
          setOpen(true);
        }}
        className="tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t('favourites.list.rename')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-black/40" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-sm rounded-lg border border-line bg-surface-raised p-5 shadow-xl">
            <DialogTitle className="text-base font-semibold">{t('favourites.list.renameTitle')}</DialogTitle>
            <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
              <label htmlFor={inputId} className="font-medium">
                {t('favourites.list.nameLabel')}
              </label>
              <input
                id={inputId}
                value={text}
                maxLength={FAVOURITE_LIST_NAME_MAX_LENGTH + 20}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={nameError !== null}
                aria-describedby={nameError ? errorId : undefined}
                className={inputClass}
              />
              {nameError && (
                <p id={errorId} role="alert" className="text-danger">
                  {t(nameError as 'favourites.list.errors.generic')}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="tap-target rounded-md border border-line px-3 font-medium hover:bg-surface-sunken"
                >
                  {t('favourites.list.cancel')}
                </button>
                <button
                  type="submit"
                  className="tap-target rounded-md bg-brand px-3 font-medium text-brand-contrast hover:bg-brand-strong"
                >
                  {t('favourites.list.save')}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
