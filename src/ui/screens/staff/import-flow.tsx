import { useSelector } from '@xstate/react';
import { CircleAlert, Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { bindImportUpload } from '../../../machines/staff';
import {
  importKinds,
  importModes,
  selectHasMoreRefusedRows,
  selectImportFile,
  selectImportFileMissing,
  selectImportJob,
  selectImportKind,
  selectImportMode,
  selectImportStep,
  selectIsDownloadingReport,
  selectIsUploading,
  selectJobFailure,
  selectJobLost,
  selectRefusedRows,
  selectRefusedRowsState,
  selectReportDownloadFailed,
  selectUploadFailure,
} from '../../../machines/staff';
import { ErrorState } from '../../components/error-state';
import { inputClass, labelClass } from '../../components/field-classes';
import { LoadingState } from '../../components/loading-state';
import { Spinner } from '../../components/spinner';
import { primaryButton, secondaryButton } from './staff-buttons';
import { useStaffArea } from './staff-context';
import { useStaffNumber } from './staff-format';

type UploadActor = ActorRefFrom<ReturnType<typeof bindImportUpload>>;

const KNOWN_FAILURES = [
  'file_unreadable',
  'file_empty',
  'columns_missing',
  'rows_not_array',
  'internal_error',
] as const;
type KnownFailure = (typeof KNOWN_FAILURES)[number];
const isKnownFailure = (code: string): code is KnownFailure =>
  (KNOWN_FAILURES as readonly string[]).includes(code);

/** Row refusals worded in every language; the server's English detail still says which field and value. */
const TRANSLATED_ROW_REASONS = ['gtin_invalid', 'gtin_taken', 'barcode_invalid'] as const;
type TranslatedRowReason = (typeof TRANSLATED_ROW_REASONS)[number];
const isTranslatedRowReason = (reason: string | null): reason is TranslatedRowReason =>
  reason !== null && (TRANSLATED_ROW_REASONS as readonly string[]).includes(reason);

/** The upload form and the job it starts (or one opened from the list), each step a state of the machine. */
export function ImportFlow({ actor }: { actor: UploadActor }) {
  const step = useSelector(actor, selectImportStep);
  if (step === 'choosing' || step === 'uploading' || step === 'uploadFailed')
    return <UploadForm actor={actor} />;
  return <JobView actor={actor} />;
}

function UploadForm({ actor }: { actor: UploadActor }) {
  const { t } = useTranslation();
  const { keepFile } = useStaffArea();
  const id = useId();
  const kind = useSelector(actor, selectImportKind);
  const mode = useSelector(actor, selectImportMode);
  const file = useSelector(actor, selectImportFile);
  const fileMissing = useSelector(actor, selectImportFileMissing);
  const uploading = useSelector(actor, selectIsUploading);
  const failure = useSelector(actor, selectUploadFailure);
  const number = useStaffNumber();
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'upload.submitted' });
      }}
    >
      <div>
        <label htmlFor={`${id}-kind`} className={labelClass}>
          {t('staff.upload.kind')}
        </label>
        <select
          id={`${id}-kind`}
          value={kind}
          disabled={uploading}
          onChange={(event) =>
            actor.send({
              type: 'upload.kindChosen',
              kind: event.target.value as (typeof importKinds)[number],
            })
          }
          className={inputClass}
        >
          {importKinds.map((each) => (
            <option key={each} value={each}>
              {t(`staff.upload.kinds.${each}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className={labelClass}>{t('staff.upload.mode')}</legend>
        <div className="flex flex-col gap-2">
          {importModes.map((each) => (
            <label key={each} className="flex items-start gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                value={each}
                checked={mode === each}
                disabled={uploading}
                onChange={() => actor.send({ type: 'upload.modeChosen', mode: each })}
                className="mt-1 size-4 accent-brand"
              />
              <span>{t(`staff.upload.modes.${each}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-file`} className={labelClass}>
          {t('staff.upload.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={uploading}
          aria-invalid={fileMissing || undefined}
          aria-describedby={fileMissing ? `${id}-file-missing` : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (!chosen) return;
            actor.send({
              type: 'upload.fileChosen',
              file: { id: keepFile(chosen), name: chosen.name, bytes: chosen.size },
            });
          }}
          className="block w-full text-fg file:me-3 file:rounded-md file:border file:border-line file:bg-surface-sunken file:px-3 file:py-2 file:text-fg"
        />
        {file && (
          <p className="mt-1 text-fg-muted">
            {t('staff.upload.chosen', { name: file.name, size: number(file.bytes) })}
          </p>
        )}
        {fileMissing && (
          <p id={`${id}-file-missing`} className="mt-1 text-danger">
            {t('staff.upload.fileMissing')}
          </p>
        )}
      </div>
      {failure && (
        <ErrorState
          message={
            failure.status === 413
              ? t('staff.upload.tooLarge')
              : failure.status === null
                ? t('staff.upload.noAnswer')
                : t('staff.upload.failed')
          }
          onRetry={() => actor.send({ type: 'upload.retried' })}
        />
      )}
      <div>
        <button type="submit" disabled={uploading} className={primaryButton}>
          {uploading && <Spinner className="size-4" />}
          {uploading ? t('staff.upload.uploading') : t('staff.upload.submit')}
        </button>
      </div>
    </form>
  );
}

function JobView({ actor }: { actor: UploadActor }) {
  const { t } = useTranslation();
  const step = useSelector(actor, selectImportStep);
  const job = useSelector(actor, selectImportJob);
  const lost = useSelector(actor, selectJobLost);
  const failure = useSelector(actor, selectJobFailure);
  const number = useStaffNumber();
  if (!job)
    return lost ? (
      <ErrorState message={t('staff.job.lost')} onRetry={() => actor.send({ type: 'upload.retried' })} />
    ) : (
      <LoadingState label={t('staff.common.loading')} />
    );
  const counts = (['applied', 'unchanged', 'refused', 'retired'] as const).filter(
    (outcome) => outcome !== 'retired' || job.mode === 'snapshot',
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="min-w-0 break-all text-base font-semibold">{job.fileName}</h3>
        <span className="text-fg-muted">
          {t(`staff.upload.kinds.${job.kind}`)} · {t(`staff.upload.modes.${job.mode}Short`)}
        </span>
      </div>
      <p role="status" className="font-medium">
        {t(`staff.job.status.${job.status}`)}
        {step === 'following' && (
          <>
            {' '}
            ·{' '}
            {job.rowsTotal === null
              ? t('staff.job.rowsRead', { count: job.rowsDone })
              : t('staff.job.progress', { done: number(job.rowsDone), total: number(job.rowsTotal) })}
          </>
        )}
      </p>
      {step === 'following' && job.rowsTotal !== null && job.rowsTotal > 0 && (
        <progress
          value={job.rowsDone}
          max={job.rowsTotal}
          aria-label={t('staff.job.progressLabel')}
          className="h-2 w-full accent-brand"
        />
      )}
      <ul className="flex flex-wrap gap-2">
        {counts.map((outcome) => (
          <li key={outcome} className="rounded-md bg-surface-sunken px-3 py-1">
            {t(`staff.job.counts.${outcome}`, { count: job[outcome] })}
          </li>
        ))}
      </ul>
      {lost && (
        <ErrorState message={t('staff.job.lost')} onRetry={() => actor.send({ type: 'upload.retried' })} />
      )}
      {failure && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-md border border-danger/40 bg-danger-soft px-4 py-3 text-danger"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('staff.job.failedTitle')}</p>
            <p>
              {isKnownFailure(failure.code)
                ? t(`staff.job.errors.${failure.code}`, { detail: failure.detail })
                : t('staff.job.errors.other')}
            </p>
          </div>
        </div>
      )}
      {step === 'done' && <DoneReport actor={actor} />}
      {(step === 'done' || step === 'failed') && (
        <div>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => actor.send({ type: 'upload.startedAgain' })}
          >
            {t('staff.job.again')}
          </button>
        </div>
      )}
    </div>
  );
}

function DoneReport({ actor }: { actor: UploadActor }) {
  const { t } = useTranslation();
  const rowsState = useSelector(actor, selectRefusedRowsState);
  const rows = useSelector(actor, selectRefusedRows);
  const hasMore = useSelector(actor, selectHasMoreRefusedRows);
  const downloading = useSelector(actor, selectIsDownloadingReport);
  const downloadFailed = useSelector(actor, selectReportDownloadFailed);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={downloading}
          onClick={() => actor.send({ type: 'upload.downloadAsked' })}
        >
          {downloading ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
          {downloading ? t('staff.job.downloading') : t('staff.job.download')}
        </button>
        {downloadFailed && (
          <p role="alert" className="text-danger">
            {t('staff.job.downloadFailed')}
          </p>
        )}
      </div>
      {rowsState === 'none' ? (
        <p className="text-fg-muted">{t('staff.job.refusedNone')}</p>
      ) : (
        <section aria-labelledby="staff-refused-title" className="flex flex-col gap-2">
          <h4 id="staff-refused-title" className="font-semibold">
            {t('staff.job.refusedTitle')}
          </h4>
          {rows.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-start">
                <thead>
                  <tr className="border-b border-line text-fg-muted">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">
                      {t('staff.job.columns.row')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">
                      {t('staff.job.columns.id')}
                    </th>
                    <th scope="col" className="py-2 text-start font-medium">
                      {t('staff.job.columns.reason')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.seq} className="border-b border-line align-top">
                      <td className="py-2 pe-3 tabular-nums">{row.rowNumber ?? '–'}</td>
                      <td className="py-2 pe-3 break-all" dir="ltr">
                        {row.externalId ?? '–'}
                      </td>
                      <td className="py-2">
                        {isTranslatedRowReason(row.reason) && (
                          <span className="block">{t(`staff.job.rowReasons.${row.reason}`)}</span>
                        )}
                        {/* the server words a refusal in English: read and laid out as English in every language */}
                        <span className="block" lang="en" dir="ltr">
                          {row.detail ?? row.reason}
                        </span>
                        {row.reason && <code className="text-fg-muted">{row.reason}</code>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {rowsState === 'loading' && <LoadingState label={t('staff.common.loading')} />}
          {rowsState === 'failed' && (
            <ErrorState
              message={t('staff.job.rowsFailed')}
              onRetry={() => actor.send({ type: 'upload.reportRetried' })}
            />
          )}
          {rowsState === 'shown' && hasMore && (
            <div>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => actor.send({ type: 'upload.moreRowsAsked' })}
              >
                {t('staff.job.showMore')}
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
