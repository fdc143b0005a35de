import { useActorRef, useSelector } from '@xstate/react';
import { ChevronLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import {
  bindUserEditor,
  selectEditedUser,
  selectUserEditorStatus,
  selectUserLoadError,
  userDisplayName,
} from '../../../../machines/settings';
import { paths } from '../../../app/routes';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { Section } from '../../../components/section';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { useCapability } from '../../../hooks/use-capability';
import { UserAccessControls } from './user-access-controls';
import { UserBadges } from './user-badges';
import { UserDetailsForm } from './user-details-form';
import { UserEmailConfirmation } from './user-email-confirmation';
import { UserManagementNotOffered } from './user-management-not-offered';

/** One user of the company (`/settings/users/{id}/`, main user only): details, access, delete. */
export function UserDetailSection() {
  const params = useParams<{ id: string }>();
  const [search] = useSearchParams();
  const offered = useCapability('userManagement');
  // a backend with the users list only: no call for one user is made
  if (!offered) return <UserManagementNotOffered />;
  // a new id is a new page: its own editor
  return <UserDetail key={params.id} userId={Number(params.id)} created={search.get('created') === '1'} />;
}

function UserDetail({ userId, created }: { userId: number; created: boolean }) {
  const { t } = useTranslation();
  const editor = useActorRef(useBoundMachine(bindUserEditor), {
    ...usePortalInspection(),
    input: { mode: 'edit', userId, created },
  });
  const [, navigate] = useLocation();
  const status = useSelector(editor, selectUserEditorStatus);
  const user = useSelector(editor, selectEditedUser);
  const loadError = useSelector(editor, selectUserLoadError);

  useEffect(() => {
    const subscription = editor.on('userEditor.deleted', () =>
      navigate(paths.settingsUsers, { replace: true }),
    );
    return () => subscription.unsubscribe();
  }, [editor, navigate]);

  const back = (
    <Link
      href={paths.settingsUsers}
      className="inline-flex items-center gap-1 self-start text-sm text-fg-muted hover:text-fg"
    >
      <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('settings.users.backToList')}
    </Link>
  );

  if (status === 'notOffered') return <UserManagementNotOffered />;
  if (status === 'notFound')
    return (
      <Section title={t('settings.users.notFoundTitle')}>
        <EmptyState>{t('settings.users.notFoundText')}</EmptyState>
        {back}
      </Section>
    );
  if (status === 'loadFailed' || loadError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorState onRetry={() => editor.send({ type: 'userEditor.retried' })} />
      </div>
    );
  if (!user) return <LoadingState label={t('settings.users.loadingUser')} />;
  return (
    <Section
      title={userDisplayName(user)}
      action={
        <span className="flex flex-wrap gap-1">
          <UserBadges isActive={user.isActive} isMainUser={user.isMainUser} />
        </span>
      }
    >
      {back}
      <UserDetailsForm editor={editor} />
      <UserEmailConfirmation editor={editor} />
      <UserAccessControls editor={editor} />
    </Section>
  );
}
