import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteTexts } from '../../../../studio/flow-diff';

type PlainTranslate = (key: string, values?: Record<string, string>) => string;

/**
 * The studio's texts for the comparison's notes. Their keys are put together from the kind of change
 * (`versions.mark.<tone>`, `versions.aspect.<aspect>`), which i18next's typed keys cannot follow;
 * every such key is in src/locales/studio/en.json.
 */
export function useNoteTexts(): NoteTexts {
  const { t } = useTranslation('studio');
  return useMemo(() => {
    const translate = t as unknown as PlainTranslate;
    return (key, values) => translate(key, values);
  }, [t]);
}
