import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { menuItemClass } from './menu-item-class';

/** Spec point 2: logout needs confirmation, and afterwards the user must log in again. */
export function LogoutMenuItem({ labelClass }: { labelClass: string }) {
  const { t } = useTranslation();
  const session = useSessionRef();
  const [asking, setAsking] = useState(false);
  const revoke = useCapability('revoke');
  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className={menuItemClass}>
        <LogOut aria-hidden="true" className="size-5 shrink-0 rtl:rotate-180" />
        <span dir="auto" className={labelClass}>
          {t('menu.logout')}
        </span>
      </button>
      <ConfirmDialog
        open={asking}
        title={t('logout.title')}
        message={t('logout.message')}
        confirmLabel={t('logout.confirm')}
        cancelLabel={t('logout.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          session.send({ type: 'session.logout', revoke });
        }}
      />
    </>
  );
}
