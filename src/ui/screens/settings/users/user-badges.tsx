import { useTranslation } from 'react-i18next';

/** "Inactive" and "Main user" beside a user's name. */
export function UserBadges({ isActive, isMainUser }: { isActive: boolean; isMainUser: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {isMainUser ? (
        <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-medium text-fg">
          {t('settings.users.mainUser')}
        </span>
      ) : null}
      {isActive ? null : (
        <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
          {t('settings.users.inactive')}
        </span>
      )}
    </>
  );
}
