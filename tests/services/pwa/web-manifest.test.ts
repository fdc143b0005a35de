import { describe, expect, it } from 'vitest';
import { shortNameOf, webManifest } from '../../../src/services/api/wire/web-manifest';

describe('the web app manifest', () => {
  it('is installable: standalone, the whole site in scope, icons of 192 and 512 px and a maskable one', () => {
    const manifest = webManifest({ name: 'Lindenhof Wholesale' });
    expect(manifest).toMatchObject({
      name: 'Lindenhof Wholesale',
      short_name: 'Lindenhof',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('has a default name for a build that does not know its supplier', () => {
    expect(webManifest().name).toBe('B2B Portal');
  });

  it('keeps a short name whole and cuts a long one to its first word', () => {
    expect(shortNameOf('Metro Foods')).toBe('Metro Foods');
    expect(shortNameOf('Lindenhof Wholesale')).toBe('Lindenhof');
    expect(shortNameOf('Großhandelsgesellschaft Nord')).toBe('Großhandelsg');
  });
});
