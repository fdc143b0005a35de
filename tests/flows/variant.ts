import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { Texts } from './ui-map';

/**
 * The look a flow runs in (FLOW_VARIANT, `<desktop|phone>-<light|dark>-<en|ar>`, desktop-light-en by
 * default): the screenshot runs loop over them, the specs run in the default.
 */
export interface Variant {
  name: string;
  device: 'desktop' | 'phone';
  theme: 'light' | 'dark';
  language: 'en' | 'ar';
}

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

export function currentVariant(): Variant {
  const name = process.env.FLOW_VARIANT || 'desktop-light-en';
  const match = /^(desktop|phone)-(light|dark)-(en|ar)$/.exec(name);
  if (!match) throw new Error(`FLOW_VARIANT ${name} is not <desktop|phone>-<light|dark>-<en|ar>`);
  return {
    name,
    device: match[1] as Variant['device'],
    theme: match[2] as Variant['theme'],
    language: match[3] as Variant['language'],
  };
}

/** Size, theme and language of the variant, set before the page's first navigation. */
export async function applyVariant(page: Page, variant: Variant): Promise<void> {
  await page.setViewportSize(viewports[variant.device]);
  await page.addInitScript(
    ({ theme, language }) => {
      localStorage.setItem('portal.theme', theme);
      localStorage.setItem('i18nextLng', language);
    },
    { theme: variant.theme, language: variant.language },
  );
}

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'locales');

function flatten(tree: Record<string, unknown>, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else if (value && typeof value === 'object')
      flatten(value as Record<string, unknown>, `${prefix}${key}.`, into);
  }
  return into;
}

/** The portal's own texts (the main namespace) in the language: checks read what the customer reads. */
export function textsIn(language: string): Texts {
  const texts = flatten(JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')));
  return (key, values = {}) => {
    const text = texts.get(key);
    if (text === undefined) throw new Error(`no text ${key} in src/locales/${language}.json`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}
