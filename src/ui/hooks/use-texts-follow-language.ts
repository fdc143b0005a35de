import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';

/**
 * A list a screen creates for itself holds texts the server translated for the language of the
 * request (document titles): after a language switch it fetches them again (`resource.refresh`, which
 * keeps the old list shown until the new one arrives). The language-change machine refreshes the
 * app's shared lists by systemId, but an actor a screen creates is the root of a system of its own,
 * out of that machine's reach; so the screen hears the switch from i18next, as that machine does:
 * once the interface language changed, which is the language the calls send.
 */
export function useTextsFollowLanguage(resource: AnyActorRef) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const refresh = () => resource.send({ type: 'resource.refresh' });
    i18n.on('languageChanged', refresh);
    return () => i18n.off('languageChanged', refresh);
  }, [resource, i18n]);
}
