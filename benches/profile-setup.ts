import type { ComponentType } from 'react';
import { vi } from 'vitest';

// Before the ui setup preloads the signed-in chunks: the profiled modules must be the ones they import.
// The cart's lines, its summary and the whole app each report to a <Profiler> (see profiled.tsx).
vi.mock('../src/ui/screens/cart/cart-line', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/ui/screens/cart/cart-line')>();
  const { profiled } = await import('./profiled');
  return {
    ...original,
    CartLine: profiled(
      original.CartLine as unknown as ComponentType<{ line: { id: string } }>,
      (props) => `line:${props.line.id}`,
    ),
  };
});
vi.mock('../src/ui/app/app', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/ui/app/app')>();
  const { profiled } = await import('./profiled');
  return { ...original, App: profiled(original.App as ComponentType<object>, 'app') };
});
vi.mock('../src/ui/screens/cart/cart-summary', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/ui/screens/cart/cart-summary')>();
  const { profiled } = await import('./profiled');
  return { ...original, CartSummary: profiled(original.CartSummary as ComponentType<object>, 'summary') };
});
