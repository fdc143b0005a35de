import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInChunkName } from '../../vite-plugins/signed-in-chunk';

const src = (path: string) => `/repo/src/${path}`;
const lucideIndex = resolve('node_modules/lucide-react/dist/esm/lucide-react.mjs');
const icon = (file: string) => resolve(`node_modules/lucide-react/dist/esm/icons/${file}.mjs`);

/** A small portal: the entry, the login screen, the cart area, an /auth/ flow and the signed-in shell. */
const modules: Record<string, { importers: string[]; code?: string }> = {
  [src('main.tsx')]: { importers: [] },
  [src('ui/app/app.tsx')]: { importers: [src('main.tsx')] },
  [src('ui/screens/login/login-screen.tsx')]: {
    importers: [src('ui/app/app.tsx')],
    code: 'import { Eye, CircleAlert as Alert } from "lucide-react";',
  },
  [src('ui/app/routes.ts')]: { importers: [src('ui/app/app.tsx'), src('ui/app/main-routes.tsx')] },
  [src('ui/app/main-routes.tsx')]: { importers: [] },
  [src('ui/app/layout/header.tsx')]: {
    importers: [src('ui/app/main-routes.tsx')],
    code: 'import { Bell, Eye } from "lucide-react";\nimport { Menu } from "@headlessui/react";',
  },
  [src('machines/app/cart-area.ts')]: { importers: [], code: "import { bindUnits } from '../catalogue';" },
  [src('machines/cart/cart.machine.ts')]: {
    importers: [src('machines/app/cart-area.ts'), src('ui/app/main-routes.tsx')],
  },
  // a feature's index (src/machines/<feature>/index.ts) re-exports its modules: the shell and the cart
  // area import it, each for other names
  [src('machines/catalogue/index.ts')]: {
    importers: [src('machines/app/cart-area.ts'), src('ui/app/layout/units-note.tsx')],
    code: "export { selectUnits } from './catalogue.selectors';\nexport { bindUnits, unitsResource as units } from './catalogue.resources';",
  },
  [src('machines/catalogue/catalogue.selectors.ts')]: { importers: [src('machines/catalogue/index.ts')] },
  [src('machines/catalogue/catalogue.resources.ts')]: { importers: [src('machines/catalogue/index.ts')] },
  [src('ui/app/layout/units-note.tsx')]: {
    importers: [src('ui/app/main-routes.tsx')],
    code: 'import {\n  selectUnits,\n  units as unitsOfCatalogue,\n} from "../../../machines/catalogue";',
  },
  [src('ui/screens/auth/registration-screen.tsx')]: { importers: [] },
  [src('ui/components/form-field.tsx')]: {
    importers: [src('ui/screens/auth/registration-screen.tsx'), src('ui/app/layout/header.tsx')],
  },
  '/repo/node_modules/@headlessui/react/dist/headlessui.esm.js': {
    importers: [src('ui/app/layout/header.tsx')],
  },
  '/repo/node_modules/@tanstack/react-virtual/dist/esm/index.js': {
    importers: ['/repo/node_modules/@headlessui/react/dist/headlessui.esm.js'],
  },
  [lucideIndex]: { importers: [src('ui/screens/login/login-screen.tsx'), src('ui/app/layout/header.tsx')] },
  [icon('eye')]: { importers: [lucideIndex] },
  [icon('circle-exclamation-point')]: { importers: [lucideIndex] },
  [icon('bell')]: { importers: [lucideIndex] },
};
const graph = {
  getModuleInfo: (id: string) => {
    const module = modules[id];
    return module ? { importers: module.importers, code: module.code ?? '' } : null;
  },
};
const chunkOf = (id: string) => signedInChunkName(id, graph);

describe('the signed-in chunk (one chunk for the shell instead of 29)', () => {
  it('takes the shell and what only the shell imports', () => {
    expect(chunkOf(src('ui/app/main-routes.tsx'))).toBe('signed-in');
    expect(chunkOf(src('ui/app/layout/header.tsx'))).toBe('signed-in');
    expect(chunkOf('/repo/node_modules/@headlessui/react/dist/headlessui.esm.js')).toBe('signed-in');
  });

  it('leaves the login route, the cart area and the /auth/ flows their own modules', () => {
    expect(chunkOf(src('ui/app/routes.ts'))).toBeNull();
    expect(chunkOf(src('machines/cart/cart.machine.ts'))).toBeNull();
    expect(chunkOf(src('ui/components/form-field.tsx'))).toBeNull();
    expect(chunkOf(src('ui/screens/login/login-screen.tsx'))).toBeNull();
  });

  it('follows a feature index to the modules whose names each importer takes from it', () => {
    expect(chunkOf(src('machines/catalogue/catalogue.selectors.ts'))).toBe('signed-in');
    expect(chunkOf(src('machines/catalogue/catalogue.resources.ts'))).toBeNull();
  });

  it('takes the icons only the shell names, though every icon hangs off the same index', () => {
    expect(chunkOf(icon('bell'))).toBe('signed-in');
    expect(chunkOf(icon('eye'))).toBeNull();
    // imported by an alias of its name
    expect(chunkOf(icon('circle-exclamation-point'))).toBeNull();
  });

  it('leaves out the list virtualiser that Headless UI’s index imports for a combobox', () => {
    expect(chunkOf('/repo/node_modules/@tanstack/react-virtual/dist/esm/index.js')).toBeNull();
  });
});
