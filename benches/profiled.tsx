import { type ComponentType, memo, Profiler, type ProfilerOnRenderCallback } from 'react';

/** One <Profiler> report: which profiled component, mount or update, and its actualDuration. */
export interface Sample {
  id: string;
  phase: string;
  actualDuration: number;
}

/** Every report since the bench last emptied it. */
export const samples: Sample[] = [];

const record: ProfilerOnRenderCallback = (id, phase, actualDuration) => {
  samples.push({ id, phase, actualDuration });
};

const isMemo = (component: unknown) =>
  typeof component === 'object' &&
  component !== null &&
  (component as { $$typeof?: symbol }).$$typeof === Symbol.for('react.memo');

/**
 * The component inside a <Profiler id={id}> (or the id its props give); memoised exactly when the original is (with its compare),
 * so the wrapper renders when the original would and the Profiler reports only real renders.
 */
export function profiled<P extends object>(
  Original: ComponentType<P>,
  id: string | ((props: P) => string),
): ComponentType<P> {
  const Wrapped = (props: P) => (
    <Profiler id={typeof id === 'string' ? id : id(props)} onRender={record}>
      <Original {...props} />
    </Profiler>
  );
  if (!isMemo(Original)) return Wrapped;
  const compare = (Original as unknown as { compare: ((a: P, b: P) => boolean) | null }).compare;
  return memo(Wrapped, compare ?? undefined) as unknown as ComponentType<P>;
}
