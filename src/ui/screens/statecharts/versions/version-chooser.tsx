import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlowSignOff, selectSignOffs } from '../../../../machines/studio';
import type { SnapshotsState } from './use-flow-snapshots';
import type { SignOffActor } from './use-sign-off-actor';
import { formatDay, formatMoment } from './version-dates';

interface VersionChooserProps {
  snapshots: SnapshotsState;
  /** the catalog machine's version now */
  current: string;
  /** the version compared with, null when not comparing */
  chosen: string | null;
  onChoose: (version: string | null) => void;
  signOff: SignOffActor | undefined;
}

const noSignOffs: FlowSignOff[] = [];

/** "Compare with": the stored versions, newest first, each with its release, date and sign-off. */
export function VersionChooser({ signOff, ...props }: VersionChooserProps) {
  const signOffs = useSelector(signOff, (s) => (s ? selectSignOffs(s) : noSignOffs));
  return <VersionSelect {...props} signOffs={signOffs} />;
}

function VersionSelect({
  snapshots,
  current,
  chosen,
  onChoose,
  signOffs,
}: Omit<VersionChooserProps, 'signOff'> & { signOffs: readonly FlowSignOff[] }) {
  const { t, i18n } = useTranslation('studio');
  const id = useId();
  if (snapshots.status === 'loading')
    return <span className="text-sm text-fg-muted">{t('versions.loading')}</span>;
  if (snapshots.status === 'none') return <span className="text-sm text-fg-muted">{t('versions.none')}</span>;
  const newestFirst = [...snapshots.file.versions].reverse();
  const optionText = (version: string, release: string, day: string) => {
    const date = formatDay(i18n.language, day);
    // the sign-offs are newest first: the first of a version is its latest
    const signed = signOffs.find((each) => each.version === version);
    if (signed)
      return t('versions.optionSigned', {
        release,
        date,
        name: signed.signedBy ?? t('versions.signOff.removedUser'),
        signedOn: formatMoment(i18n.language, signed.signedAt),
      });
    return t(version === current ? 'versions.optionCurrent' : 'versions.option', { release, date });
  };
  return (
    <span className="inline-flex min-w-0 max-w-full flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {t('versions.compareWith')}
      </label>
      <select
        id={id}
        value={chosen ?? ''}
        onChange={(event) => onChoose(event.target.value || null)}
        className="tap-target min-w-0 max-w-full rounded-md border border-line bg-surface-raised px-2 text-fg"
      >
        <option value="">{t('versions.notComparing')}</option>
        {newestFirst.map((each) => (
          <option key={each.version} value={each.version}>
            {optionText(each.version, each.release, each.date)}
          </option>
        ))}
      </select>
      <span className="font-mono text-xs text-fg-muted">
        {t('versions.currentVersion', { version: current })}
      </span>
    </span>
  );
}
