import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { bindNewListForm, selectCreatedList } from '../../../machines/favourites';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { paths } from '../../app/routes';
import { Section } from '../../components/section';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { secondaryButton } from '../quick-order/button-classes';
import { NewListFields } from './new-list-fields';

const noItems = () => [];

/** The index's "New list": a name and whether the company sees it; then a link to the new list. */
export function NewListForm() {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const create = useActorRef(useBoundMachine(bindNewListForm), { ...usePortalInspection(), input: {} });
  const created = useSelector(create, selectCreatedList);
  return (
    <Section title={t('favourites.create.title')}>
      <div className="rounded-md border border-line bg-surface-raised p-3">
        {created ? (
          <div role="status" className="flex flex-wrap items-center gap-3">
            <CircleCheck aria-hidden="true" className="size-5 text-emerald-700 dark:text-emerald-400" />
            <span>{t('favourites.create.created', { name: isolate(created.name) })}</span>
            <Link href={paths.favouriteList(created.id)} className="font-medium text-brand underline">
              {t('favourites.create.openList')}
            </Link>
            <button
              type="button"
              onClick={() => create.send({ type: 'favouriteListCreate.restarted' })}
              className={secondaryButton}
            >
              {t('favourites.create.another')}
            </button>
          </div>
        ) : (
          <NewListFields create={create} items={noItems} withSharing />
        )}
      </div>
    </Section>
  );
}
