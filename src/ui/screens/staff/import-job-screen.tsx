import { useActorRef } from '@xstate/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { bindImportUpload } from '../../../machines/staff';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { ImportFlow } from './import-flow';
import { cardClass } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { staffPaths } from './staff-paths';

/** One job opened from the list: followed like a fresh upload's. */
export function ImportJobScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const { bind } = useStaffArea();
  const upload = useActorRef(bind(bindImportUpload), usePortalInspection());
  useEffect(() => {
    upload.send({ type: 'upload.jobOpened', jobId: id });
  }, [upload, id]);
  return (
    <div className="flex flex-col gap-4">
      <Link
        href={staffPaths.imports}
        className="tap-target inline-flex items-center gap-2 self-start font-medium text-brand"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('staff.job.backToList')}
      </Link>
      <section className={cardClass}>
        <ImportFlow actor={upload} />
      </section>
    </div>
  );
}
