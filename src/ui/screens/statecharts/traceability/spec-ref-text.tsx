import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isBeyond, type SpecRef, specSectionKey } from '../../../../studio/spec-rules';

/** A place in the specification in the reader's language: "Spec §4 Cart drawer", "Beyond the spec: …". */
export function useSpecRefText(): (ref: SpecRef) => string {
  const { t } = useTranslation('studio');
  return useCallback(
    (ref: SpecRef) =>
      isBeyond(ref)
        ? t('spec.beyondLabel', { feature: t(`spec.beyond.${ref.beyond}`) })
        : t('spec.point', { point: ref.point, section: t(`spec.sections.${specSectionKey(ref)}`) }),
    [t],
  );
}

/** Where the specification asks for a flow (a machine's catalog entry), each place translated. */
export function SpecRefText({ refs }: { refs: readonly SpecRef[] }) {
  const text = useSpecRefText();
  return <>{refs.map(text).join('; ')}</>;
}
