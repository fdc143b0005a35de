import * as z from 'zod/mini';

/**
 * Screenshots of the flows' states (`npm run flows:screens`, served under /api/studio/flow-screens/):
 * the names that make up their paths, shared by the script that takes them, the server that serves
 * them and the studio that shows them, so each side refuses the same malformed names.
 */

/** The devices, themes and languages each state is shot in. */
/** `<desktop|phone>-<light|dark>-<en|ar>`: the variants of src/domain/flow-screen-variants.ts */
export const flowScreenVariantPattern = /^(desktop|phone)-(light|dark)-(en|ar)$/;

/** A catalog machine's name: kebab-case, as src/studio/machine-catalog.ts spells them. */
export const flowMachinePattern = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** A flow version: 12 hex digits (src/studio/flow-version.ts). */
export const flowVersionPattern = /^[0-9a-f]{12}$/;
/** A state id, `checkout.form.editing`: names joined by single dots, so never `..` or a slash. */
export const flowStatePattern = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
/** The longest machine name or state id accepted in a path. */
export const FLOW_NAME_MAX = 200;

const variantWire = z.string().check(z.regex(flowScreenVariantPattern, 'not a screen variant'));

/** A state shot in these variants. */
const shotStateWire = z.object({ variants: z.array(variantWire) });
/** A state without a screenshot: it has no screen of its own (the UI map says why), or no run reached it. */
const unshotStateWire = z.object({
  reason: z.enum(['no-screen', 'not-reached']),
  detail: z.optional(z.string()),
});

/** `<machine>/<version>/manifest.json`: every state of the chart, with its screenshots or why it has none. */
export const flowScreensManifestWire = z.object({
  machine: z.string().check(z.regex(flowMachinePattern)),
  version: z.string().check(z.regex(flowVersionPattern)),
  takenAt: z.string().check(z.minLength(1)),
  states: z.record(z.string().check(z.regex(flowStatePattern)), z.union([shotStateWire, unshotStateWire])),
});

export type FlowScreensManifest = z.infer<typeof flowScreensManifestWire>;
export type FlowScreenState = FlowScreensManifest['states'][string];

/** GET /studio/flow-screens/<machine>/: the machine's manifests, newest first. */
export const flowScreensListWire = z.object({ manifests: z.array(flowScreensManifestWire) });
