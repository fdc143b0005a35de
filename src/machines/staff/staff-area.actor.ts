import { type ActorRefFrom, createActor, type InspectionEvent } from 'xstate';
import { interfaceLanguageOf } from '../../services/api/client';
import { createStaffApi } from '../../services/api/staff';
import { loadRuntimeConfig } from '../../services/config';
import { saveFile } from '../../services/save-file';
import { createStaffSessionStore } from '../../services/staff-session-store';
import { createChosenFiles, type StaffPorts } from './staff-ports';
import { bindStaffSession } from './staff-session.machine';

/** The running staff area, handed to its views (src/ui/screens/staff/). */
export interface StaffArea {
  session: ActorRefFrom<ReturnType<typeof bindStaffSession>>;
  /** a machine bound to the staff ports, each binder once */
  bind: <T>(binder: (ports: StaffPorts) => T) => T;
  /** keeps a chosen file for the upload machine, answering its id */
  keepFile: (file: Blob) => string;
}

export interface StaffAreaOptions {
  apiBase: string;
  fetch?: typeof globalThis.fetch;
  /** the tab's sessionStorage unless given */
  storage?: () => Storage | undefined;
  /** Accept-Language of every call */
  language?: () => string | null;
  copyText?: (text: string) => Promise<void>;
  /** the portal's inspection (the studio's Live view and the coverage recorder), where it runs in one */
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

const tabStorage = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/**
 * The staff area's composition root, once per page: its API client (its own token, never the
 * customers'), the session actor (started here, outside React) and the binder of its machines.
 */
export function createStaffArea({
  apiBase,
  fetch,
  storage = tabStorage,
  language,
  copyText = (text) => navigator.clipboard.writeText(text),
  inspect,
}: StaffAreaOptions): StaffArea {
  let session: StaffArea['session'] | undefined;
  const files = createChosenFiles();
  const ports: StaffPorts = {
    api: createStaffApi({
      apiBase,
      getToken: () => session?.getSnapshot().context.session?.access ?? null,
      ...(language ? { getLanguage: language } : {}),
      // a call refused for its token: the sign-in has run out (or the user was deactivated)
      onTokenRefused: () => session?.send({ type: 'staff.tokenRefused' }),
      ...(fetch ? { fetch } : {}),
    }),
    sessions: createStaffSessionStore(storage),
    files,
    saveFile,
    copyText,
  };
  const bound = new Map<unknown, unknown>();
  const bind = <T>(binder: (ports: StaffPorts) => T): T => {
    if (!bound.has(binder)) bound.set(binder, binder(ports));
    return bound.get(binder) as T;
  };
  session = createActor(bind(bindStaffSession), inspect ? { inspect } : {}).start();
  return { session, bind, keepFile: (file) => files.keep(file) };
}

/** The browser's staff area: the runtime config (the API's base) first. */
export async function startStaffArea(
  i18n: Parameters<typeof interfaceLanguageOf>[0],
  inspect?: StaffAreaOptions['inspect'],
): Promise<StaffArea> {
  const config = await loadRuntimeConfig();
  return createStaffArea({ apiBase: config.apiBase, language: interfaceLanguageOf(i18n), inspect });
}
