import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/types';
import { selectLanguageChangeRef } from '../../machines/app';
import { selectIsResourceRejected, selectResourceValue } from '../../machines/kernel/resource.selectors';
import {
  selectFailedLanguage,
  selectLanguageBeingChosen,
  selectLanguageChangeFailure,
} from '../../machines/settings';
import { useAppActor } from './use-app-actor';
import { useLanguagesRef } from './use-languages';

/**
 * What every language picker (header, drawer, settings) shows and sends: the languages of
 * GET /baf/languages/, the one shown now, the change under way or failed, and `choose`. The
 * change itself is the `languageChange` machine's (spec point 4); until the signed-in area has loaded
 * there is no machine and `ready` is false.
 */
export function useLanguagePicker() {
  const { i18n } = useTranslation();
  const app = useAppActor();
  const languages = useLanguagesRef();
  const change = useSelector(app, selectLanguageChangeRef);
  const list = useSelector(languages, selectResourceValue);
  const listFailed = useSelector(languages, selectIsResourceRejected);
  const beingChosen = useSelector(change, selectLanguageBeingChosen);
  const failure = useSelector(change, selectLanguageChangeFailure);
  const failedLanguage = useSelector(change, selectFailedLanguage);
  const current = i18n.resolvedLanguage ?? i18n.language;
  return {
    languages: list,
    listFailed,
    reloadList: () => languages.send({ type: 'resource.load' }),
    current,
    currentLanguage: list?.find((language) => language.code === current) ?? null,
    ready: change !== undefined,
    beingChosen,
    failure,
    failedLanguage: list?.find((language) => language.code === failedLanguage) ?? null,
    choose: (language: Language) => change?.send({ type: 'language.chosen', language, current }),
    dismiss: () => change?.send({ type: 'language.dismissed' }),
  };
}

export type LanguagePicker = ReturnType<typeof useLanguagePicker>;
