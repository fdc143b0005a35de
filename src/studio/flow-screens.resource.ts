import {
  type FlowScreenDevice,
  type FlowScreenLanguage,
  type FlowScreenTheme,
  type FlowScreenVariant,
  flowScreenDevices,
  flowScreenLanguages,
  flowScreenThemes,
  isFlowScreenVariant,
  variantOf,
} from '../domain/flow-screen-variants';
import type { Binder } from '../machines/kernel/ports';
import { bindResource, createResourceMachine } from '../machines/kernel/resource.machine';
import type { FlowScreenKey } from '../services/api/flow-screens';
import type { FlowScreenState, FlowScreensManifest } from '../services/api/wire/flow-screens';

/**
 * The screenshots of a flow's states (`npm run flows:screens`) as the studio loads them: the
 * machine's manifests, and each shot as a `data:` URL (the image needs the bearer token, which an
 * `<img src>` cannot send; a string keeps the resource's value plain data). Both are the generic
 * lazy resource, one per machine and one per shot, bound once each.
 */

export type { FlowScreenKey, FlowScreenState, FlowScreensManifest };
export { flowScreenDevices, flowScreenLanguages, flowScreenThemes };

const flowScreensResource = createResourceMachine<FlowScreensManifest[]>('flowScreens');
const flowScreenImageResource = createResourceMachine<string>('flowScreenImage');

type FlowScreensResource = typeof flowScreensResource;
type FlowScreenImageResource = typeof flowScreenImageResource;

// One binder per machine and per shot, so the composition root binds each once (it memoises by binder).
const manifestBinders = new Map<string, Binder<FlowScreensResource>>();
const imageBinders = new Map<string, Binder<FlowScreenImageResource>>();

/** The machine's screenshot manifests, newest first. */
export function flowScreensBinder(machine: string): Binder<FlowScreensResource> {
  let binder = manifestBinders.get(machine);
  if (!binder) {
    binder = ({ api }) =>
      bindResource(flowScreensResource, (signal) => api.flowScreens(machine, { signal }), api);
    manifestBinders.set(machine, binder);
  }
  return binder;
}

const blobToDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(blob);
  });

/** One shot, as a `data:` URL. */
export function flowScreenImageBinder(key: FlowScreenKey): Binder<FlowScreenImageResource> {
  const id = [key.machine, key.version, key.stateId, key.variant].join('/');
  let binder = imageBinders.get(id);
  if (!binder) {
    binder = ({ api }) =>
      bindResource(
        flowScreenImageResource,
        async (signal) => blobToDataUrl(await api.flowScreenImage(key, { signal })),
        api,
      );
    imageBinders.set(id, binder);
  }
  return binder;
}

/**
 * The run to show: the one of the machine's current version, else the newest (taken on an older
 * version, which the studio says); none when nothing was taken.
 */
export function manifestToShow(
  manifests: readonly FlowScreensManifest[],
  currentVersion: string,
): { manifest: FlowScreensManifest; older: boolean } | undefined {
  const current = manifests.find((manifest) => manifest.version === currentVersion);
  if (current) return { manifest: current, older: false };
  const newest = manifests[0];
  return newest ? { manifest: newest, older: true } : undefined;
}

export interface VariantChoice {
  device: FlowScreenDevice;
  theme: FlowScreenTheme;
  language: FlowScreenLanguage;
}

export type VariantPart = keyof VariantChoice;

export const partsOf = (variant: FlowScreenVariant): VariantChoice => {
  const [device, theme, language] = variant.split('-') as [
    FlowScreenDevice,
    FlowScreenTheme,
    FlowScreenLanguage,
  ];
  return { device, theme, language };
};

/**
 * The shot closest to what is chosen: the exact variant when it was taken, else one that keeps the
 * part chosen last (`keep`; at first the language, which the studio is read in, where the device is
 * only a default) and as many of the others as it can, the device before the language before the theme.
 */
export function closestVariant(
  available: readonly string[],
  wanted: VariantChoice,
  keep: VariantPart = 'language',
): FlowScreenVariant | undefined {
  const variants = available.filter(isFlowScreenVariant);
  const exact = variantOf(wanted.device, wanted.theme, wanted.language);
  if (variants.includes(exact)) return exact;
  const weight: Record<VariantPart, number> = { device: 4, language: 2, theme: 1 };
  weight[keep] = 8;
  let best: FlowScreenVariant | undefined;
  let bestScore = -1;
  for (const variant of variants) {
    const parts = partsOf(variant);
    const score = (Object.keys(weight) as VariantPart[]).reduce(
      (sum, part) => sum + (parts[part] === wanted[part] ? weight[part] : 0),
      0,
    );
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  return best;
}
