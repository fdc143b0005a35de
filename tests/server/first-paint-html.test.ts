import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPaint } from '../../vite-plugins/preload-first-paint';

/** The built index.html as Vite hands it to the 'post' plugins, and a bundle with one stylesheet. */
const builtHtml = `<head><script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-B.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>`;
const css = '.splash{display:flex}';
const bundle = {
  'assets/index-C.css': { type: 'asset', fileName: 'assets/index-C.css', source: css },
  'assets/en-D.js': {
    type: 'chunk',
    fileName: 'assets/en-D.js',
    facadeModuleId: '/repo/src/locales/en.sign-in-texts.js',
  },
} as unknown as IndexHtmlTransformContext['bundle'];

function transform(name: string, html: string, withBundle = bundle): string {
  const plugin = firstPaint().find((candidate: Plugin) => candidate.name === name);
  const hook = plugin?.transformIndexHtml as { handler: (html: string, context: unknown) => unknown };
  return hook.handler(html, { bundle: withBundle }) as string;
}

describe('index.html for the first paint', () => {
  it('carries the stylesheet inline, so the splash waits for no request', () => {
    const html = transform('inline-stylesheet', builtHtml);
    expect(html).toContain(`<style>${css}</style>`);
    // the link stays only disabled (never fetched), so Vite's preload helper sees the stylesheet as present
    expect(html).toMatch(/<link disabled rel="stylesheet"[^>]*href="\/assets\/index-C\.css"/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
  });

  it('fails the build when a second stylesheet would be left out', () => {
    const two = {
      ...bundle,
      'assets/lazy-E.css': { type: 'asset', fileName: 'assets/lazy-E.css', source: '' },
    };
    expect(() => transform('inline-stylesheet', builtHtml, two as unknown as typeof bundle)).toThrow(
      /one stylesheet/,
    );
  });

  it('asks for the scripts only from an inline start that runs after the splash has painted', () => {
    const html = transform('start-after-first-paint', `${builtHtml}<body><div id="root"></div></body>`);
    // nothing the parser would fetch at once: no module script tag, no module preload
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const [, loader = ''] = /<script>([^<]*)<\/script>\s*<\/body>/.exec(html) ?? [];
    // the entry's imports first; the entry preloaded with them, imported after them
    expect(loader).toContain('["/assets/framework-B.js"]');
    expect(loader).toContain('e="/assets/index-A.js"');
    // after the logo is decoded and a frame has gone by, or after 300 ms whatever happens
    expect(loader).toMatch(/decode\(\)\.then\(f,f\)/);
    expect(loader).toContain('requestAnimationFrame');
    expect(loader).toContain('setTimeout(go,300)');
  });

  it('fails the build when the entry is not the one module script it knows how to start', () => {
    expect(() => transform('start-after-first-paint', '<head></head><body></body>')).toThrow(
      /one module entry/,
    );
  });
});

/**
 * Runs the built inline start with a logo whose decoding the test controls. `import(…)` becomes a
 * recorded call: what is under test is when, in what order and how often the portal is asked for.
 */
function runStart(logo: { decode: () => Promise<void> } | null) {
  const html = transform('start-after-first-paint', `${builtHtml}<body><div id="root"></div></body>`);
  const [, loader = ''] = /<script>([^<]*)<\/script>/.exec(html) ?? [];
  const imported: string[] = [];
  const frames: (() => void)[] = [];
  const document = {
    querySelector: (selector: string) => (selector === '#root img' ? logo : null),
    createElement: (tag: string) => ({ tag }),
    // a module preload starts the entry's download with its imports' (recorded as `preload <url>`)
    head: { append: (link: { rel: string; href: string }) => imported.push(`${link.rel} ${link.href}`) },
  };
  const requestAnimationFrame = (callback: () => void) => frames.push(callback);
  const load = (url: string) => imported.push(url);
  try {
    new Function('document', 'requestAnimationFrame', 'load', loader.replace(/\bimport\(/g, 'load('))(
      document,
      requestAnimationFrame,
      load,
    );
  } catch {
    // a page without the logo throws at querySelector(...).decode: the timer must still start the portal
  }
  return { imported, frames };
}

describe('the inline start, run', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for nothing until the logo is decoded and a frame has been painted, then for all, the entry evaluated in a task after its imports, once', async () => {
    vi.useFakeTimers();
    let decoded: () => void = () => undefined;
    const { imported, frames } = runStart({ decode: () => new Promise((resolve) => (decoded = resolve)) });
    await vi.advanceTimersByTimeAsync(100);
    expect(imported).toEqual([]);
    decoded();
    await vi.advanceTimersByTimeAsync(0);
    expect(imported).toEqual([]); // decoded, but the frame showing it has not gone by
    frames.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(imported).toEqual(['modulepreload /assets/index-A.js', '/assets/framework-B.js']);
    await vi.advanceTimersByTimeAsync(1); // the entry in the task after its imports' evaluation
    expect(imported).toEqual([
      'modulepreload /assets/index-A.js',
      '/assets/framework-B.js',
      '/assets/index-A.js',
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(imported).toHaveLength(3);
  });

  it('starts the portal after 300 ms when the logo never decodes (a hidden tab paints no frames)', async () => {
    vi.useFakeTimers();
    const { imported } = runStart({ decode: () => new Promise(() => undefined) });
    await vi.advanceTimersByTimeAsync(299);
    expect(imported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(imported).toEqual(['modulepreload /assets/index-A.js', '/assets/framework-B.js']);
    await vi.advanceTimersByTimeAsync(1);
    expect(imported).toEqual([
      'modulepreload /assets/index-A.js',
      '/assets/framework-B.js',
      '/assets/index-A.js',
    ]);
  });

  it('starts the portal after the next frame when the logo fails, and without any logo after 300 ms', async () => {
    vi.useFakeTimers();
    const broken = runStart({ decode: () => Promise.reject(new Error('EncodingError')) });
    await vi.advanceTimersByTimeAsync(0);
    broken.frames.shift()?.();
    await vi.advanceTimersByTimeAsync(1);
    expect(broken.imported).toHaveLength(3);
    const missing = runStart(null);
    await vi.advanceTimersByTimeAsync(301);
    expect(missing.imported).toHaveLength(3);
  });
});
