/**
 * The variants a state's screenshot is taken in (`npm run flows:screens`): desktop or phone, light or
 * dark, English or Arabic. Apart from the wire schemas, which check the same shape with a pattern: a
 * module the studio and the signed-in calls both import becomes a chunk whose preload the login
 * route carries.
 */
export const flowScreenDevices = ['desktop', 'phone'] as const;
export const flowScreenThemes = ['light', 'dark'] as const;
export const flowScreenLanguages = ['en', 'ar'] as const;

export type FlowScreenDevice = (typeof flowScreenDevices)[number];
export type FlowScreenTheme = (typeof flowScreenThemes)[number];
export type FlowScreenLanguage = (typeof flowScreenLanguages)[number];
/** `<device>-<theme>-<language>`, e.g. `desktop-light-en` */
export type FlowScreenVariant = `${FlowScreenDevice}-${FlowScreenTheme}-${FlowScreenLanguage}`;

/** All eight variants, desktop before phone, light before dark, English before Arabic. */
export const flowScreenVariants: readonly FlowScreenVariant[] = flowScreenDevices.flatMap((device) =>
  flowScreenThemes.flatMap((theme) =>
    flowScreenLanguages.map((language): FlowScreenVariant => `${device}-${theme}-${language}`),
  ),
);

export const variantOf = (
  device: FlowScreenDevice,
  theme: FlowScreenTheme,
  language: FlowScreenLanguage,
): FlowScreenVariant => `${device}-${theme}-${language}`;

export const isFlowScreenVariant = (value: string): value is FlowScreenVariant =>
  (flowScreenVariants as readonly string[]).includes(value);
