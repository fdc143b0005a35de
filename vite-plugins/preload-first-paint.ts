import type { Plugin } from 'vite';

/**
 * English is the fallback language, so i18next fetches its sign-in texts on every visit whatever language is
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
            output.type === 'chunk' &&
            /[\\/]src[\\/]locales[\\/]en\.sign-in-texts\.js$/.test(output.facadeModuleId ?? ''),
        );
        if (!chunk)
          throw new Error("preload-fallback-locale: no chunk for src/locales/en.json's sign-in texts");
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
 * had arrived meanwhile as blocking the paint too (login FCP 1.9 s). 9 kB of brotli in a
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
 * The portal's JavaScript is asked for only once the splash's logo has painted: an inline script (its
 * hash is in the server's CSP, server/security/inline-script-policy.ts) adds the module script and its
 * preloads after the logo is decoded and a frame has gone by, or after 300 ms whatever happens.
 * Requested at once, the scripts raced the logo over a fast link, and Lighthouse's simulation counts
 * every request that finished before the largest paint as holding it up: the login's LCP came out at
 * 0.9 s or 1.9 s depending on which won. On a phone's link the logo (a few hundred bytes,
 * preloaded at high priority) is there long before 130 kB of JavaScript would be, so the start waits
 * about one frame. Exported for its test.
 */
export function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g)];
        if (entries.length !== 1)
          throw new Error(`start-after-first-paint: one module entry expected, found ${entries.length}`);
        const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
        // The entry's imports are imported, so evaluated, first; the entry (fetched at the same time, by a
        // module preload) is imported in the task after theirs: evaluated together, the framework and the
        // entry's own modules were one long task, the signed-in home's first.
        const imports = JSON.stringify(preloads.map(([, href]) => href));
        const entry = JSON.stringify(entries[0]![1]);
        // Written small by hand: these bytes count in the login route's budget (scripts/bundle-size.ts).
        // A hidden tab runs no animation frames, and a logo that fails to decode rejects: the timer starts the
        // portal anyway. (`go` runs once; importing an already imported module does nothing.)
        const loader =
          `(()=>{let s,e=${entry},go=()=>{s||(s=1,document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href:e})),` +
          `Promise.all(${imports}.map(u=>import(u))).then(()=>setTimeout(()=>import(e))))},f=()=>requestAnimationFrame(()=>setTimeout(go));` +
          `setTimeout(go,300);document.querySelector("#root img").decode().then(f,f)})()`;
        let stripped = html;
        for (const [tag] of [...entries, ...preloads]) stripped = stripped.replace(tag, '');
        return stripped.replace('</body>', `<script>${loader}</script>\n  </body>`);
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

/**
 * The chunks index.html's entry imports statically (the runtime, the framework group, the entry itself):
 * all of them have run before any lazy import can, so a lazy import need not preload them
 * (vite.config.ts, `modulePreload.resolveDependencies`).
 */
export const isLoginRouteChunk = (fileName: string) =>
  /^assets\/(rolldown-runtime|framework|index)-[\w-]+\.js$/.test(fileName);

/** Fails the build when the names above no longer match exactly the entry's chunks. */
function loginRouteChunksNamed(): Plugin {
  return {
    name: 'login-route-chunks-named',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output]] : [],
        ),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loginRoute = new Set<string>();
      const visit = (fileName: string) => {
        if (loginRoute.has(fileName)) return;
        loginRoute.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);
      const misnamed = [...chunks.keys()].filter((name) => loginRoute.has(name) !== isLoginRouteChunk(name));
      if (misnamed.length)
        throw new Error(`login-route-chunks-named: isLoginRouteChunk is wrong about ${misnamed.join(', ')}`);
    },
  };
}

/** What the first paint needs, preloaded, and what `npm run size` reads about the chunks. */
export function firstPaint(): Plugin[] {
  return [
    preloadFallbackLocale(),
    inlineStylesheet(),
    startAfterFirstPaint(),
    chunkModulesReport(),
    loginRouteChunksNamed(),
  ];
}
