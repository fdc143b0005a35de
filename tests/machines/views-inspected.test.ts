import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The studio's Live view and the coverage recorder see an actor only through the portal's `inspect`
 * option. The app's children get it at the composition root; an actor a view creates must pass it
 * itself (`useActorRef(machine, usePortalInspection())`), or its machine is invisible to both.
 */
const VIEWS = 'src/ui';

/** Views whose actors are the studio's own tools, not the portal's flows. */
const notThePortals: Record<string, string> = {
  // a machine being simulated: its transitions are the reviewer's clicks, not a customer's
  'src/ui/screens/statecharts/simulate/simulate-screen.tsx': 'simulates a chart',
  // reads the other tabs' inspection events: inspecting it would report the studio to itself
  'src/ui/screens/statecharts/live/live-screen.tsx': 'is the Live view',
  // lays a chart out; also drawn outside a portal (a diagram on its own)
  'src/ui/screens/statecharts/diagram/statechart-view.tsx': 'lays out a diagram',
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Each `useActorRef(` call of a file with its arguments (up to the matching parenthesis). */
function actorCalls(source: string): string[] {
  const calls: string[] = [];
  for (
    let start = source.indexOf('useActorRef(');
    start >= 0;
    start = source.indexOf('useActorRef(', start + 1)
  ) {
    let depth = 0;
    let end = start + 'useActorRef'.length;
    do {
      const char = source[end];
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      end += 1;
    } while (depth > 0 && end < source.length);
    calls.push(source.slice(start, end));
  }
  return calls;
}

describe('actors created by views', () => {
  const files = sourceFiles(VIEWS).map((path) => path.split('\\').join('/'));
  const withActors = files.filter((path) => !path.endsWith('use-app-actor.ts'));

  it('finds the views that create actors (the scan works)', () => {
    const count = withActors.filter((path) => actorCalls(readFileSync(path, 'utf8')).length > 0).length;
    expect(count).toBeGreaterThan(30);
  });

  it("pass the portal's inspection, except the studio's own tools", () => {
    const uninspected = withActors.flatMap((path) =>
      actorCalls(readFileSync(path, 'utf8'))
        .filter((call) => !call.includes('usePortalInspection()'))
        .map(() => path),
    );
    expect([...new Set(uninspected)].sort()).toEqual(Object.keys(notThePortals).sort());
  });
});
