import { useActorRef, useSelector } from '@xstate/react';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  bindUsers,
  selectUserRows,
  selectUsersFailure,
  selectUsersStatus,
} from '../../../../machines/settings';
import { paths } from '../../../app/routes';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { refusalClass } from '../../../components/forms/form-notices';
import { LoadingState } from '../../../components/loading-state';
import { Section } from '../../../components/section';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import { primaryButtonClass } from './form-classes';
import { UsersList } from './users-list';

/** The company's users (spec point 6, main user only): a table on the desktop, cards on a phone. */
export function UsersSection() {
  const { t } = useTranslation();
  const users = useActorRef(useBoundMachine(bindUsers), usePortalInspection());
  const status = useSelector(users, selectUsersStatus);
  const failure = useSelector(users, selectUsersFailure);
  const rows = useSelector(users, selectUserRows);
  // the list is the specification's; creating and opening users is a capability beyond it
  const canManage = useCapability('userManagement');
  return (
    <Section
      title={t('settings.sections.users.title')}
      action={
        canManage ? (
          <Link href={paths.settingsNewUser} className={primaryButtonClass}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('settings.users.newUser')}
          </Link>
        ) : undefined
      }
    >
      {status === 'loading' ? <LoadingState label={t('settings.users.loading')} /> : null}
      {failure === 'forbidden' ? (
        <p role="alert" className={refusalClass}>
          {t('settings.users.forbidden')}
        </p>
      ) : null}
      {failure === 'unknown' ? <ErrorState onRetry={() => users.send({ type: 'users.retried' })} /> : null}
      {status === 'loaded' && rows.length === 0 ? <EmptyState>{t('settings.users.empty')}</EmptyState> : null}
      {status === 'loaded' && rows.length > 0 ? <UsersList rows={rows} canOpen={canManage} /> : null}
    </Section>
  );
}
