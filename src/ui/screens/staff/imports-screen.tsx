import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectResourceStatus, selectResourceValue } from '../../../machines/kernel/resource.selectors';
import {
  bindImportJobs,
  bindImportUpload,
  type ImportUploadStep,
  selectImportStep,
} from '../../../machines/staff';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { usePortalInspection } from '../../hooks/use-app-actor';
import { ImportFlow } from './import-flow';
import { cardClass } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { useStaffDate } from './staff-format';
import { staffPaths } from './staff-paths';

/** The imports page: the upload form (and the job it starts), then the recent jobs. */
export function ImportsScreen() {
  const { t } = useTranslation();
  const { bind } = useStaffArea();
  const upload = useActorRef(bind(bindImportUpload), usePortalInspection());
  const step = useSelector(upload, selectImportStep);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="staff-upload-title" className={cardClass}>
        <h2 id="staff-upload-title" className="mb-4 text-base font-semibold">
          {t('staff.upload.title')}
        </h2>
        <ImportFlow actor={upload} />
      </section>
      <RecentJobs uploadStep={step} />
    </div>
  );
}

/** The upload's steps after which the list has news: a job was made, and it ended. */
const listChangingSteps: readonly ImportUploadStep[] = ['following', 'done', 'failed'];

function RecentJobs({ uploadStep }: { uploadStep: ImportUploadStep }) {
  const { t } = useTranslation();
  const { bind } = useStaffArea();
  const jobs = useActorRef(bind(bindImportJobs), usePortalInspection());
  const status = useSelector(jobs, selectResourceStatus);
  const list = useSelector(jobs, selectResourceValue);
  const formatDate = useStaffDate();
  useEffect(() => {
    jobs.send({ type: 'resource.load' });
  }, [jobs]);
  // the job just started, then its end, show in the list without a reload of the page
  useEffect(() => {
    if (listChangingSteps.includes(uploadStep)) jobs.send({ type: 'resource.refresh' });
  }, [jobs, uploadStep]);
  return (
    <section aria-labelledby="staff-jobs-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="staff-jobs-title" className="text-base font-semibold">
          {t('staff.jobs.title')}
        </h2>
      </div>
      {status === 'rejected' ? (
        <ErrorState
          message={t('staff.jobs.loadFailed')}
          onRetry={() => jobs.send({ type: 'resource.load' })}
        />
      ) : list === null ? (
        <LoadingState label={t('staff.common.loading')} />
      ) : list.length === 0 ? (
        <EmptyState>{t('staff.jobs.empty')}</EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface-raised">
          {list.map((job) => (
            <li key={job.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <span className="min-w-[8rem] flex-1 break-words font-medium">{job.fileName}</span>
              <span className="text-fg-muted">{t(`staff.upload.kinds.${job.kind}`)}</span>
              <span>{t(`staff.job.status.${job.status}`)}</span>
              <span className="text-fg-muted">{formatDate(job.createdAt)}</span>
              <Link
                href={staffPaths.job(job.id)}
                className="tap-target inline-flex items-center font-medium text-brand underline"
              >
                {t('staff.jobs.open')}
                <span className="sr-only">: {job.fileName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
