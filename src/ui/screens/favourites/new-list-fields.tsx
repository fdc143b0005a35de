import { Field, Label, Switch } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { RotateCw } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { FavouriteLineWrite } from '../../../domain/types';
import type { favouriteListCreateMachine } from '../../../machines/favourites';
import {
  selectCanRetryCreate,
  selectCreateProblemKey,
  selectIsCreatingList,
  selectNewListName,
  selectNewListNameError,
  selectNewListShared,
  selectRetryWouldSend,
} from '../../../machines/favourites';
import { inputClass, labelClass } from '../../components/field-classes';
import { Spinner } from '../../components/spinner';
import { primaryButton, secondaryButton } from '../quick-order/button-classes';

export type FavouriteListCreateRef = ActorRefFrom<typeof favouriteListCreateMachine>;

/**
 * The name (and, where it makes sense, the "share with my company" switch) of a new list, its Create
 * button and what went wrong. Used by the index, the add-to-list menu and the quick order.
 */
export function NewListFields({
  create,
  items,
  withSharing = false,
  compact = false,
  autoFocus = false,
  submitLabel,
}: {
  create: FavouriteListCreateRef;
  /** the lines the list starts with, read when the form is sent */
  items: () => FavouriteLineWrite[];
  withSharing?: boolean;
  /** the menu's narrow variant: the button under the field */
  compact?: boolean;
  autoFocus?: boolean;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const name = useSelector(create, selectNewListName);
  const shared = useSelector(create, selectNewListShared);
  const nameError = useSelector(create, selectNewListNameError);
  const busy = useSelector(create, selectIsCreatingList);
  const problemKey = useSelector(create, selectCreateProblemKey);
  const canRetry = useSelector(create, selectCanRetryCreate);
  const retryWouldSend = useSelector(create, selectRetryWouldSend);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    create.send({ type: 'favouriteListCreate.submitted', items: items() });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-busy={busy}>
      <div className={compact ? 'flex flex-col gap-2' : 'flex flex-wrap items-end gap-3'}>
        <div className={compact ? '' : 'min-w-48 flex-1'}>
          <label htmlFor={`${id}-name`} className={labelClass}>
            {t('favourites.create.nameLabel')}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            // biome-ignore lint/a11y/noAutofocus: the field replaces the item the user just chose
            autoFocus={autoFocus}
            maxLength={200}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-error` : undefined}
            onChange={(event) =>
              create.send({ type: 'favouriteListCreate.nameChanged', name: event.target.value })
            }
            className={inputClass}
          />
        </div>
        {withSharing && (
          <Field className="flex items-center gap-2">
            <Switch
              checked={shared}
              onChange={(value) => create.send({ type: 'favouriteListCreate.sharedChanged', shared: value })}
              className="group tap-target relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-surface-sunken ring-1 ring-line transition data-checked:bg-brand"
            >
              <span className="size-4 translate-x-1 rounded-full bg-surface-raised shadow transition group-data-checked:translate-x-6 rtl:-translate-x-1 rtl:group-data-checked:-translate-x-6" />
            </Switch>
            <Label className="cursor-pointer">{t('favourites.create.shareWithCompany')}</Label>
          </Field>
        )}
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy && <Spinner className="size-4" />}
          {submitLabel ?? t('favourites.create.submit')}
        </button>
      </div>
      {nameError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {t(nameError)}
        </p>
      )}
      {problemKey && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          <span>{t(problemKey as 'favourites.errors.failed')}</span>
          {canRetry && (
            <button
              type="button"
              disabled={!retryWouldSend}
              onClick={() => create.send({ type: 'favouriteListCreate.retried' })}
              className={secondaryButton}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
