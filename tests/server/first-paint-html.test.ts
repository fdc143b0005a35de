import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
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
    facadeModuleId: '/repo/src/locales/en.json',
  },
} as unknown as IndexHtmlTransformContext['bundle'];

function transform(name: string, html: string, withBundle = bundle): string {
  const plugin = firstPaint().find((candidate: Plugin) => candidate.name === name);
  const hook = plugin?.transformIndexHtml as { handler: (html: string, context: unknown) => unknown };
  return hook.handler(html, { bundle: withBundle }) as string;
}

describe('index.html for the first paint (issue 15)', () => {
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

  it('fetches the module scripts at low priority, behind the splash and the logo', () => {
    const html = transform('low-priority-scripts', builtHtml);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/framework-B.js">',
    );
  });
});
