import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir, documentedMachines, machineDoc, toMermaid } from '../../scripts/machines-to-mermaid';

describe('machine diagrams in docs/machines', () => {
  for (const key of Object.keys(documentedMachines)) {
    it(`docs/machines/${key}.md matches the machine (run npx tsx scripts/machines-to-mermaid.ts)`, () => {
      expect(readFileSync(join(docsDir, `${key}.md`), 'utf8')).toBe(machineDoc(key));
    });

    it(`${key}: every state of the machine appears and every edge joins declared states`, () => {
      const { machine } = documentedMachines[key]!;
      const text = toMermaid(machine);
      const declared = new Set([...text.matchAll(/state "[^"]+" as (\w+)/g)].map((m) => m[1]));
      const edges = [...text.matchAll(/^\s*(\w+) --> (\w+) :/gm)].map((m) => [m[1], m[2]]);
      expect(edges.length).toBeGreaterThan(0);
      for (const [from, to] of edges) {
        expect(declared, `edge ${from} --> ${to}`).toContain(from);
        expect(declared, `edge ${from} --> ${to}`).toContain(to);
      }
      const stateIds = (node: typeof machine.root): string[] =>
        Object.values(node.states).flatMap((c) => [c.id.replace(/\W/g, '_'), ...stateIds(c)]);
      expect([...declared].sort()).toEqual(stateIds(machine.root).sort());
    });
  }
});
