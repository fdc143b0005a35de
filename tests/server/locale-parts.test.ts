import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { localeParts, signInTextGroups, textPart } from '../../vite-plugins/locale-parts';

const english = JSON.parse(readFileSync('src/locales/en.json', 'utf8')) as Record<string, unknown>;

type GenerateBundle = (this: unknown, options: unknown, bundle: unknown) => void;

/** Runs the plugin's check over one login-route chunk holding one module with the given code. */
function checkLoginRoute(code: string) {
  const plugin = localeParts() as Plugin & { generateBundle: GenerateBundle };
  const context = {
    getModuleInfo: () => ({ code }),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const bundle = {
    'assets/index-A.js': { type: 'chunk', fileName: 'assets/index-A.js', moduleIds: ['/repo/src/ui/x.tsx'] },
  };
  plugin.generateBundle.call(context, {}, bundle);
}

describe("a language's texts in two parts", () => {
  it('gives the login route its groups and the portal every other group, nothing twice or lost', () => {
    const signIn = textPart(english, 'sign-in');
    const portal = textPart(english, 'portal');
    expect(Object.keys(signIn).sort()).toEqual([...signInTextGroups].sort());
    expect({ ...signIn, ...portal }).toEqual(english);
    expect(Object.keys(portal).filter((group) => group in signIn)).toEqual([]);
  });

  it('fails the build when the login route shows a text of the portal part', () => {
    expect(() => checkLoginRoute("const a = t('login.title');")).not.toThrow();
    expect(() => checkLoginRoute("const a = t('menu.orders');")).toThrow(/"menu" texts/);
    // a key built at run time (`validation.${code}`) counts by its group
    const builtKey = 'const a = t(`validation.$' + '{code}`);';
    expect(() => checkLoginRoute(builtKey)).toThrow(/"validation" texts/);
  });
});
