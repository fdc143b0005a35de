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
 * The stylesheet goes into index.html as a `<style>` (the CSP allows inline styles, not scripts).
 * Linked, it was the one request the first paint had to wait for: on a phone's 150 ms round trips
 * the splash painted a request later, and Lighthouse's simulation counted every module script that
 * had arrived meanwhile as blocking the paint too (issue 15: login FCP 1.9 s). 9 kB of brotli in a
 * document that is fetched once per visit costs less than that round trip. The file stays in
 * dist/assets for the manifest's sake; nothing links it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const stylesheets = Object.keys(bundle ?? {}).filter((fileName) => fileName.endsWith('.css'));
        if (stylesheets.length > 1)
          throw new Error(`inline-stylesheet: one stylesheet expected, found ${stylesheets.join(', ')}`);
        const link = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;
        return html.replace(link, (tag, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') throw new Error(`inline-stylesheet: ${fileName} is not in the bundle`);
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (/<\/style/i.test(css))
            throw new Error(`inline-stylesheet: ${fileName} would end its <style> early`);
          // The disabled link is never fetched (HTML: a disabled stylesheet link is not loaded); it tells
          // Vite's preload helper that this stylesheet is here, so a lazy chunk sharing a module with the
          // entry does not fetch it again and apply it twice.
          return `<style>${css}</style>${tag.replace('<link ', '<link disabled ')}`;
        });
      },
    },
  };
}

/**
 * The module scripts are fetched at low priority: module scripts never block the first paint, and the
 * splash (HTML and inline styles) and the logo should not queue behind 130 kB of JavaScript on a slow
 * connection. Lighthouse's simulation likewise takes any high-priority script that arrived before the
 * first paint as blocking it, whatever its type (issue 15).
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
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
  return [preloadFallbackLocale(), inlineStylesheet(), lowPriorityScripts(), chunkModulesReport()];
}
