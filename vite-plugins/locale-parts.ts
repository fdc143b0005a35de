import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { isLoginRouteChunk } from './preload-first-paint.ts';

/**
 * The top-level text groups the login route shows (the login form, its errors, the shell's spinner and
 * error page). Everything else is the signed-in portal's and the account screens' (registration,
 * password reset), which load after the login route: sending all of a language's texts with the
 * login screen cost 9 kB gzip of the 130 kB budget.
 */
export const signInTextGroups = ['app', 'common', 'login', 'errors', 'routeError'] as const;

export type TextPart = 'sign-in' | 'portal';

/** A language file split into the part the login route needs and the rest, for the test and the build. */
export function textPart(texts: Record<string, unknown>, part: TextPart): Record<string, unknown> {
  const signIn = new Set<string>(signInTextGroups);
  return Object.fromEntries(
    Object.entries(texts).filter(([group]) => signIn.has(group) === (part === 'sign-in')),
  );
}

// `import.meta.glob('…/locales/*.json', { query: { part } })` asks for `en.json?part=sign-in`; it resolves to
// a module of its own (not `.json`, which Vite's JSON plugin would claim), so each part is a chunk of its own.
const partRequest = /^(.*[\\/]locales[\\/][a-z]{2})\.json\?part=(sign-in|portal)$/;
const partModule = /^(.*[\\/]locales[\\/][a-z]{2})\.(sign-in|portal)-texts\.js$/;

/** Serves each language file of src/locales as two modules, `<lang>.sign-in-texts.js` and `<lang>.portal-texts.js`. */
export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const request = partRequest.exec(source);
      if (!request || !importer) return null;
      const [, file, part] = request;
      return `${resolve(dirname(importer), `${file}`)}.${part}-texts.js`;
    },
    generateBundle(_options, bundle) {
      // a text of another group on the login route would show as its key until the portal's texts came
      const signIn = new Set<string>(signInTextGroups);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !isLoginRouteChunk(output.fileName)) continue;
        for (const id of output.moduleIds) {
          if (!/[\\/]src[\\/]/.test(id)) continue;
          const code = this.getModuleInfo(id)?.code ?? '';
          for (const [, group] of code.matchAll(/\bt\(\s*["'`]([A-Za-z]+)\./g))
            if (group && !signIn.has(group))
              this.error(`locale-parts: ${id} shows "${group}" texts, which the login route does not load`);
        }
      }
    },
    load(id) {
      const module = partModule.exec(id);
      if (!module) return null;
      const [, file, part] = module;
      const jsonFile = `${file}.json`;
      this.addWatchFile(jsonFile);
      const texts = textPart(JSON.parse(readFileSync(jsonFile, 'utf8')), part as TextPart);
      // a string parsed by JSON.parse is read faster than the same object as a literal
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
