import { describe, expect, it, vi } from 'vitest';
import { createPortalInSteps } from '../../../src/machines/app/app.actor';
import { createFakeFetch, jsonResponse } from '../../../src/test/fakeFetch';

describe('the portal started in steps (main.tsx: not one long task)', () => {
  it('binds, creates and starts the root actor in three tasks, and asks the server nothing before the last', async () => {
    const fake = createFakeFetch(() => jsonResponse({ detail: 'Not found' }, { status: 404 }));
    const steps: string[] = [];
    let release: () => void = () => undefined;
    const between = () => {
      steps.push('yield');
      return new Promise<void>((resolve) => (release = resolve));
    };
    const started = createPortalInSteps(
      { apiBase: 'http://portal.test/api' },
      { fetch: fake.fetch },
      between,
    );
    expect(steps).toEqual(['yield']); // bound, nothing created yet
    release();
    await vi.waitFor(() => expect(steps).toEqual(['yield', 'yield']));
    // created, not started: given a task to ask in, no child has asked the server for anything
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.requests).toEqual([]);
    release();
    const portal = await started;
    expect(portal.app.getSnapshot().status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.requests.length).toBeGreaterThan(0); // the started children load what they need
    portal.app.stop();
  });
});
