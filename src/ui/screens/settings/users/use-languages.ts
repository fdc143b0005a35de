import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Language } from '../../../../domain/types';
import { selectAppChild } from '../../../../machines/app.selectors';
import { selectResourceValue } from '../../../../machines/resource.selectors';
import { useAppActor } from '../../../hooks/use-app-actor';

const none: Language[] = [];

/**
 * The portal's languages (GET /baf/languages/, the app's `languages` resource), loaded the first time
 * a settings view needs them; empty until they arrive (the views then show the language code).
 */
export function useLanguages(): Language[] {
  const languages = useSelector(useAppActor(), (snapshot) => selectAppChild(snapshot, 'languages'));
  if (!languages) throw new Error('The app actor has no running "languages" child');
  useEffect(() => {
    languages.send({ type: 'resource.load' });
  }, [languages]);
  return useSelector(languages, selectResourceValue) ?? none;
}

/** A language's name by its code; the code itself when the list has not arrived or lacks it. */
export const languageName = (languages: Language[], code: string): string =>
  languages.find((language) => language.code === code)?.name ?? code;
