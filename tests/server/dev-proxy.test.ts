import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';

/**
 * Vite's dev server forwards its proxied paths from its own socket, so the API server sees every
 * proxied request coming from loopback. `vite --host` serves the LAN: a proxied /dev/ would show
 * the developer mailbox (reset codes included) to anyone there.
 */
const proxiedBy = (path: string) =>
  Object.keys(viteConfig.server?.proxy ?? {}).filter((key) =>
    key.startsWith('^') ? new RegExp(key).test(path) : path.startsWith(key),
  );

describe('the Vite dev server', () => {
  it('does not forward the developer mailbox to the API server', () => {
    expect(proxiedBy('/dev/mailbox/messages.json')).toEqual([]);
    expect(proxiedBy('/dev/mailbox/')).toEqual([]);
  });

  it('still forwards the API', () => {
    expect(proxiedBy('/api/token/')).toHaveLength(1);
  });
});
