import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { userEditorMachine } from '../../../src/machines/settings/user-editor.machine';

/**
 * Stately's editor reads the chart from the source text, so the config must be one literal: no
 * spreads, no computed keys, no configs held in constants (functions such as `input` and `params`
 * are code, not chart, and may refer to anything).
 */
const file = join(__dirname, '../../../src/machines/settings/user-editor.machine.ts');
const text = readFileSync(file, 'utf8');
const { program } = parseSync(file, text, { lang: 'ts' });

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const children = (node: Node): Node[] =>
  Object.entries(node)
    .filter(([key]) => key !== 'parent')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter(isNode);

const machineConfig = (): Node => {
  const visit = (node: Node): Node[] => {
    const callee = node.callee as Node | undefined;
    const [config] = (node.arguments as Node[] | undefined) ?? [];
    const here =
      node.type === 'CallExpression' &&
      callee?.type === 'MemberExpression' &&
      (callee.property as Node & { name?: string }).name === 'createMachine' &&
      config?.type === 'ObjectExpression'
        ? [config]
        : [];
    return [...here, ...children(node).flatMap(visit)];
  };
  const [config] = visit(program as unknown as Node);
  if (!config) throw new Error('no literal createMachine({...}) in the file');
  return config;
};

const line = (node: Node) =>
  `${text.slice(0, node.start).split('\n').length}: ${text.slice(node.start, node.end).slice(0, 60)}`;

/** What the chart's text holds that a static reader cannot follow, as `line: text`. */
function unreadable(node: Node): string[] {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return [];
  if (node.type === 'SpreadElement') return [line(node)];
  if (
    node.type === 'Property' &&
    (node.computed || node.shorthand || (node.value as Node).type === 'Identifier')
  )
    return [line(node)];
  return children(node).flatMap(unreadable);
}

const keyOf = (property: Node) => {
  const key = property.key as Node & { name?: string; value?: string };
  return key.name ?? key.value ?? '';
};

/** The state paths the literal declares (keys of every `states: {...}`). */
function declaredStates(config: Node, prefix: string): string[] {
  const properties = (config.properties as Node[]).filter((p) => p.type === 'Property');
  const states = properties.find(
    (p) => keyOf(p) === 'states' && (p.value as Node).type === 'ObjectExpression',
  );
  if (!states) return [];
  return ((states.value as Node).properties as Node[]).flatMap((p) => {
    if (p.type !== 'Property' || (p.value as Node).type !== 'ObjectExpression') return [];
    const path = `${prefix}.${keyOf(p)}`;
    return [path, ...declaredStates(p.value as Node, path)];
  });
}

const runningStates = (node: AnyStateNode): string[] =>
  Object.values(node.states).flatMap((child) => [child.id, ...runningStates(child)]);

describe('user editor chart as Stately reads it', () => {
  it('is one literal: no spreads, computed keys or configs held in constants', () => {
    expect(unreadable(machineConfig())).toEqual([]);
  });

  it('declares in its text exactly the states the running machine has', () => {
    expect(declaredStates(machineConfig(), 'userEditor').sort()).toEqual(
      runningStates(userEditorMachine.root).sort(),
    );
  });
});
