/**
 * The web app manifest, one definition for the build's static default (vite.config.ts writes it to
 * dist/manifest.webmanifest for a supplier serving the built files from its own web server) and for
 * the reference server, which answers /manifest.webmanifest with the supplier's name from its site
 * configuration (server/routes/web-manifest.ts), so an installed portal carries that name.
 */

/** The build's brand colour (src/styles.css `--brand`, public/favicon.svg), for the title bar and splash. */
export const DEFAULT_THEME_COLOR = '#1f5f8b';
/** The light surface (src/styles.css `--surface`): the splash before the first paint. */
export const DEFAULT_BACKGROUND_COLOR = '#f6f7f9';
/** index.html's <title>: the name of a portal whose supplier is not known at build time. */
export const DEFAULT_APP_NAME = 'B2B Portal';

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: 'any' | 'maskable';
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'auto';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: WebManifestIcon[];
}

/** public/icons/, rendered once from public/favicon.svg; the maskable one keeps the mark inside the safe zone. */
export const MANIFEST_ICONS: readonly WebManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Home screens cut names beyond about 12 characters: the first word of a longer name. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  return trimmed.split(/\s+/)[0]!.slice(0, 12);
}

/**
 * The manifest of a portal named `name`. The language is the default one (English); `dir: 'auto'`
 * lets the name set the direction, as the interface language is chosen per user after install.
 */
export function webManifest({
  name = DEFAULT_APP_NAME,
  themeColor = DEFAULT_THEME_COLOR,
  backgroundColor = DEFAULT_BACKGROUND_COLOR,
}: {
  name?: string;
  themeColor?: string;
  backgroundColor?: string;
} = {}): WebManifest {
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    description: 'Ordering portal for trade customers',
    lang: 'en',
    dir: 'auto',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [...MANIFEST_ICONS],
  };
}
