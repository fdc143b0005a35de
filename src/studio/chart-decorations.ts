/**
 * What a diagram draws on top of a machine's states and transitions: a version comparison
 * (added, removed, changed), the coverage overlay (covered, untested, hot) or anything else that
 * marks parts of a chart. Keys are chart ids: state ids (`checkout.submitting`) and chart edge ids
 * (`checkout.form.editing:0`, see chart-model.ts). Plain data, computed outside the view.
 */
export type MarkTone = 'added' | 'removed' | 'changed' | 'covered' | 'untested' | 'hot';

export interface ChartMark {
  tone: MarkTone;
  /** already translated: shown as the mark's tooltip and after an edge's label (`12 × this week`) */
  note?: string;
}

export interface ChartDecorations {
  states?: Readonly<Record<string, ChartMark>>;
  transitions?: Readonly<Record<string, ChartMark>>;
}

/** Where one drawn edge stands for several transitions, the mark that matters most is drawn. */
const weight: Record<MarkTone, number> = {
  hot: 6,
  removed: 5,
  added: 4,
  changed: 3,
  untested: 2,
  covered: 1,
};

export function strongestMark(marks: ReadonlyArray<ChartMark | undefined>): ChartMark | undefined {
  let best: ChartMark | undefined;
  for (const mark of marks) if (mark && (!best || weight[mark.tone] > weight[best.tone])) best = mark;
  return best;
}
