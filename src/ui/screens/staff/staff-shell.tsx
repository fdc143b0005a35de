import { useSelector } from '@xstate/react';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { selectStaffName } from '../../../machines/staff';
import { useStaffArea } from './staff-context';
import { staffPaths } from './staff-paths';

function NavLink({ to, children }: { to: string; children: ReactNode }) {
  const [active] = useRoute(to === staffPaths.imports ? '/' : to);
  return (
    <Link
      href={to}
      aria-current={active ? 'page' : undefined}
      className="tap-target inline-flex items-center rounded-md px-3 font-medium text-fg hover:bg-surface-sunken aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand"
    >
      {children}
    </Link>
  );
}

/** The staff console's own small shell: its name, its pages, who is signed in and Sign out. */
export function StaffShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useStaffArea();
  const name = useSelector(session, selectStaffName);
  return (
    <div className="min-h-dvh bg-surface text-fg">
      <header className="border-b border-line bg-surface-raised">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <h1 className="text-lg font-semibold">{t('staff.title')}</h1>
          <nav aria-label={t('staff.nav.label')} className="flex flex-wrap gap-1">
            <NavLink to={staffPaths.imports}>{t('staff.nav.imports')}</NavLink>
            <NavLink to={staffPaths.keys}>{t('staff.nav.keys')}</NavLink>
            <NavLink to={staffPaths.webhooks}>{t('staff.nav.webhooks')}</NavLink>
            <NavLink to={staffPaths.deliveries}>{t('staff.nav.deliveries')}</NavLink>
            <NavLink to={staffPaths.suborders}>{t('staff.nav.suborders')}</NavLink>
          </nav>
          <div className="ms-auto flex items-center gap-3">
            {name && <span className="text-fg-muted">{t('staff.signedInAs', { name })}</span>}
            <button
              type="button"
              onClick={() => session.send({ type: 'staff.signedOut' })}
              className="tap-target inline-flex items-center gap-2 rounded-md border border-line px-3 font-medium hover:bg-surface-sunken"
            >
              <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('staff.signOut')}
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </div>
  );
}
