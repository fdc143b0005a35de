import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { UserRow } from '../../../../machines/settings';
import { paths } from '../../../app/routes';
import { languageName, useLanguages } from '../../../hooks/use-languages';
import { UserBadges } from './user-badges';

/**
 * The users as a table (desktop) and as cards (phone); each row opens the user's page where the
 * backend has user management (`canOpen`), else the rows are read only.
 */
export function UsersList({ rows, canOpen }: { rows: UserRow[]; canOpen: boolean }) {
  const { t } = useTranslation();
  const languages = useLanguages();
  const phoneOf = (row: UserRow) => row.phone || t('settings.users.noPhone');
  return (
    <>
      <table
        className="hidden w-full border-collapse text-start desktop:table"
        aria-label={t('settings.users.listLabel')}
      >
        <thead>
          <tr className="border-b border-line text-sm text-fg-muted">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('settings.users.columns.name')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('settings.users.columns.username')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('settings.users.columns.email')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('settings.users.columns.phone')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('settings.users.columns.language')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('settings.users.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line hover:bg-surface-sunken">
              <td className="py-2 pe-3">
                {canOpen ? (
                  <Link
                    href={paths.settingsUser(row.id)}
                    className="font-medium text-fg underline-offset-2 hover:underline"
                  >
                    <bdi>{row.name}</bdi>
                  </Link>
                ) : (
                  <bdi className="font-medium">{row.name}</bdi>
                )}
              </td>
              <td className="py-2 pe-3 text-fg-muted">
                <bdi>{row.username}</bdi>
              </td>
              <td className="py-2 pe-3 break-all">
                <bdi>{row.email}</bdi>
              </td>
              <td className="py-2 pe-3">
                <span dir="ltr">{phoneOf(row)}</span>
              </td>
              <td className="py-2 pe-3">{languageName(languages, row.language)}</td>
              <td className="py-2">
                <span className="flex flex-wrap items-center gap-1">
                  {row.isActive ? (
                    <span className="text-sm text-fg-muted">{t('settings.users.active')}</span>
                  ) : null}
                  <UserBadges isActive={row.isActive} isMainUser={row.isMainUser} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 desktop:hidden" aria-label={t('settings.users.listLabel')}>
        {rows.map((row) => (
          <li key={row.id}>
            {canOpen ? (
              <Link
                href={paths.settingsUser(row.id)}
                className="flex items-center gap-3 rounded-lg border border-line bg-surface-raised p-3 hover:bg-surface-sunken"
              >
                <UserCard row={row} phone={phoneOf(row)} language={languageName(languages, row.language)} />
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-fg-muted rtl:rotate-180" />
              </Link>
            ) : (
              <div className="flex items-center gap-3 rounded-lg border border-line bg-surface-raised p-3">
                <UserCard row={row} phone={phoneOf(row)} language={languageName(languages, row.language)} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One user on a phone: name and badges, username, e-mail, phone and language. */
function UserCard({ row, phone, language }: { row: UserRow; phone: string; language: string }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <bdi className="font-medium">{row.name}</bdi>
        <UserBadges isActive={row.isActive} isMainUser={row.isMainUser} />
      </span>
      <span dir="auto" className="text-sm text-fg-muted [text-align:match-parent]">
        {row.username}
      </span>
      <span dir="auto" className="text-sm break-all [text-align:match-parent]">
        {row.email}
      </span>
      <span className="text-sm text-fg-muted">
        <span dir="ltr">{phone}</span> · {language}
      </span>
    </span>
  );
}
