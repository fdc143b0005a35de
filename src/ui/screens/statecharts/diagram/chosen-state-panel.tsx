import { useTranslation } from 'react-i18next';
import { useStateDescription } from '../../../../studio/flow-texts';
import type { MachineName } from '../../../../studio/machine-catalog';
import { StateScreenPanel } from '../screens/state-screen-panel';

/** The state chosen on the diagram: its name, what it means in the product owner's words, and its screen. */
export function ChosenStatePanel({ name, stateId }: { name: MachineName; stateId: string | undefined }) {
  const { t } = useTranslation('studio');
  const description = useStateDescription(name, stateId ?? '');
  return (
    <section
      aria-labelledby="chosen-state-heading"
      className="flex flex-col gap-2 rounded-lg border border-line bg-surface-raised p-3"
    >
      <h2 id="chosen-state-heading" className="text-sm font-semibold">
        {t('machine.chosenState')}
      </h2>
      {stateId ? (
        <>
          <p className="font-mono text-sm" dir="ltr">
            {stateId}
          </p>
          {description && <p className="text-sm">{description}</p>}
          <StateScreenPanel name={name} stateId={stateId} />
        </>
      ) : (
        <p className="text-sm text-fg-muted">{t('machine.chooseState')}</p>
      )}
    </section>
  );
}
