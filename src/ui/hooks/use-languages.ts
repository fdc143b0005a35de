import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Language } from '../../domain/types';
import { selectAppChild } from '../../machines/app';
import { selectResourceValue } from '../../machines/kernel/resource.selectors';
import { useAppActor } from './use-app-actor';

const none: Language[] = [];

/**
 * The app's `languages` resource (GET /baf/languages/), asked to load the first time a view needs it;
 * `resource.load` is a no-op once loaded.
 */
export function useLanguagesRef() {
  const languages = useSelector(useAppActor(), (snapshot) => selectAppChild(snapshot, 'languages'));
  if (!languages) throw new Error('The app actor has no running "languages" child');
  useEffect(() => {
    languages.send({ type: 'resource.load' });
  }, [languages]);
  return languages;
}

/** The portal's languages; empty until they arrive (views then show the language code). */
export function useLanguages(): Language[] {
  return useSelector(useLanguagesRef(), selectResourceValue) ?? none;
}

/** A language's name by its code; the code itself when the list has not arrived or lacks it. */
export const languageName = (languages: Language[], code: string): string =>
  languages.find((language) => language.code === code)?.name ?? code;
