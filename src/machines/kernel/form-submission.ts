/**
 * The form submission: one shape every chart writes out for "the customer fills a form, sends it,
 * and it either goes through or comes back". It is a shape, not a fragment to spread: Stately's
 * editor reads a chart only from its literal, so each chart spells the states out, and the test of
 * this module (tests/machines/kernel/form-submission.test.ts) holds every such form to the shape.
 *
 * ```
 * <form>: {
 *   initial: 'filling',
 *   states: {
 *     filling: {                                // the form takes typing
 *       initial: 'editing',
 *       on: { '<x>.changed': { target: '.editing', actions: 'change' } },  // written once: typing clears a failure
 *       states: {
 *         editing: { on: { '<x>.submitted': [{ guard: '<form>Valid', target: '#…submitting' }, { actions: 'showErrors' }] } },
 *         failed:  { on: { '<x>.retried': '#…submitting' } },   // the unexpected failure, with Try again (or the send button again)
 *       },
 *     },
 *     submitting: {                             // the call runs; what was typed stays
 *       tags: 'busy',
 *       invoke: { onDone: <done>, onError: [<the server's reason> → 'filling' (kept in context), … → 'filling.failed'] },
 *       // or, when another actor makes the call: on: { '<x>.saved': <done>, '<x>.refused': [… the same answers] }
 *     },
 *   },
 * }
 * ```
 *
 * The diagram then says the same thing for every form: one arrow for typing, one for sending, and
 * the answers out of `submitting`. A refusal the server explains (a taken username, a wrong code) goes
 * back to `filling` with the reason in context, shown beside the field it concerns; an unexpected
 * failure is the state `filling.failed`. Typing while the call runs is not taken (the call is already
 * on its way); a form that must take typing while it saves is not this shape.
 */
import type { AnyStateNode } from 'xstate';

/** The state names of the shape. */
export const formSubmission = {
  filling: 'filling',
  editing: 'editing',
  failed: 'failed',
  submitting: 'submitting',
} as const;

const eventsOf = (node: AnyStateNode | undefined): string[] => (node ? [...node.transitions.keys()] : []);
const targetsOf = (node: AnyStateNode | undefined, eventType: string): AnyStateNode[] =>
  (node?.transitions.get(eventType) ?? []).flatMap((t) => t.target ?? []);
const endsWith = (eventType: string, name: string) => eventType.endsWith(`.${name}`);

/** The last part of the form's event types for typing and sending (`passwordReset.changed`, …). */
export interface FormEventNames {
  changed: string;
  submitted: string;
  /**
   * The answer that may carry the unexpected failure, when another actor makes the call and answers
   * with an event (the address dialog, whose change the company info writes); by default the
   * invoked call's own `xstate.error.actor.…`.
   */
  answer?: string;
}

/**
 * Where `form` departs from the shape, in words (empty when it follows it). Try again is `…retried`
 * or the send event again.
 */
export function formSubmissionProblems(
  form: AnyStateNode,
  names: FormEventNames = { changed: 'changed', submitted: 'submitted' },
): string[] {
  const problems: string[] = [];
  const filling = form.states[formSubmission.filling];
  const editing = filling?.states[formSubmission.editing];
  const failed = filling?.states[formSubmission.failed];
  const submitting = form.states[formSubmission.submitting];
  if (!filling || !editing || !failed || !submitting) {
    return [`${form.id}: needs filling.editing, filling.failed and submitting`];
  }
  if (form.initial.target[0] !== filling) problems.push(`${form.id}: starts elsewhere than filling`);
  if (filling.initial.target[0] !== editing) problems.push(`${filling.id}: starts elsewhere than editing`);
  const changed = eventsOf(filling).find((type) => endsWith(type, names.changed));
  if (!changed) problems.push(`${filling.id}: typing (…${names.changed}) is not handled once on filling`);
  else if (targetsOf(filling, changed)[0] !== editing)
    problems.push(`${filling.id}: typing does not lead back to editing`);
  for (const node of [editing, failed]) {
    if (eventsOf(node).some((type) => endsWith(type, names.changed)))
      problems.push(`${node.id}: handles typing again (filling does)`);
  }
  const submitted = eventsOf(editing).find((type) => endsWith(type, names.submitted));
  if (!submitted || !targetsOf(editing, submitted).includes(submitting))
    problems.push(`${editing.id}: sending (…${names.submitted}) does not lead to submitting`);
  const again = eventsOf(failed).filter(
    (type) => endsWith(type, 'retried') || endsWith(type, names.submitted),
  );
  if (!again.some((type) => targetsOf(failed, type).includes(submitting)))
    problems.push(`${failed.id}: Try again (…retried, or sending again) does not lead to submitting`);
  const { answer } = names;
  const errorTargets = eventsOf(submitting)
    .filter((type) => (answer ? endsWith(type, answer) : type.startsWith('xstate.error.actor.')))
    .flatMap((type) => targetsOf(submitting, type));
  if (!errorTargets.includes(failed)) problems.push(`${submitting.id}: no unexpected failure into failed`);
  if (!submitting.tags.includes('busy')) problems.push(`${submitting.id}: not tagged busy`);
  return problems;
}
