import type { Plugin } from 'vite';

/**
 * English is the fallback language, so i18next fetches its chunk on every visit whatever language is
 * detected, and the login screen cannot render before it. Vite only preloads static imports; this
 * announces the English chunk in index.html so it downloads alongside the entry instead of after it.
 */
function preloadFallbackLocale(): Plugin {
  return {
    name: 'preload-fallback-locale',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && /[\\/]src[\\/]locales[\\/]en\.json$/.test(output.facadeModuleId ?? ''),
        );
        if (!chunk) throw new Error('preload-fallback-locale: no chunk for src/locales/en.json');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes dist/.vite/chunk-modules.json: each chunk's modules with their rendered size, so
 * `npm run size` can say what a chunk mainly holds (the manifest names only the chunk's entry).
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'chunk-modules-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [
            id.replace(process.cwd(), '').replace(/\\/g, '/'),
            module.renderedLength,
          ]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks),
      });
    },
  };
}

/** What the first paint needs, preloaded, and what `npm run size` reads about the chunks. */
export function firstPaint(): Plugin[] {
  return [preloadFallbackLocale(), chunkModulesReport()];
}
