import { describe, expect, it } from 'vitest';
import { appShellFiles } from '../../vite-plugins/app-shell-precache';

describe('what the service worker precaches', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      imports: ['_framework-b.js'],
      dynamicImports: [
        'src/ui/app/main-routes.tsx',
        'src/locales/de.portal-texts.js',
        'src/ui/screens/statecharts/statechart-studio.tsx',
        'src/ui/screens/staff/staff-entry.ts',
        'src/locales/flows/de.json',
        'docs/paths/checkout.json',
      ],
      css: ['assets/index-c.css'],
    },
    '_framework-b.js': { file: 'assets/framework-b.js' },
    'src/ui/app/main-routes.tsx': { file: 'assets/main-routes-d.js', imports: ['_signed-in-e.js'] },
    '_signed-in-e.js': { file: 'assets/signed-in-e.js' },
    'src/locales/de.portal-texts.js': { file: 'assets/de.portal-texts-f.js' },
    'src/ui/screens/statecharts/statechart-studio.tsx': {
      file: 'assets/statechart-studio-g.js',
      dynamicImports: ['node_modules/elkjs/lib/elk.bundled.js'],
    },
    'node_modules/elkjs/lib/elk.bundled.js': { file: 'assets/elk.bundled-h.js' },
    'src/ui/screens/staff/staff-entry.ts': { file: 'assets/staff-entry-i.js' },
    'src/locales/flows/de.json': { file: 'assets/de-j.js' },
    'docs/paths/checkout.json': { file: 'assets/checkout-k.js' },
  };

  it('takes the entry, the framework, the stylesheet, the signed-in screens and the portal texts', () => {
    expect([...appShellFiles(manifest)].sort()).toEqual([
      'assets/de.portal-texts-f.js',
      'assets/framework-b.js',
      'assets/index-a.js',
      'assets/index-c.css',
      'assets/main-routes-d.js',
      'assets/signed-in-e.js',
    ]);
  });

  it('leaves out the studio, its layout engine and reports, and the staff console', () => {
    const files = appShellFiles(manifest);
    for (const file of [
      'assets/statechart-studio-g.js',
      'assets/elk.bundled-h.js',
      'assets/staff-entry-i.js',
      'assets/de-j.js',
      'assets/checkout-k.js',
    ])
      expect(files).not.toContain(file);
  });
});
