import type { TextareaHTMLAttributes } from 'react';
import { editorClass } from './simulate-classes';

type Passed = Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'rows' | 'value'>;

/** A monospaced box for JSON (an event's payload, an input, an actor's output), marked while its text is wrong. */
export function JsonTextarea({
  invalid,
  describedBy,
  onEdit,
  ...passed
}: Passed & {
  invalid: boolean;
  /** the message saying what is wrong, while there is one */
  describedBy?: string | undefined;
  onEdit: (text: string) => void;
}) {
  return (
    <textarea
      {...passed}
      className={editorClass}
      spellCheck={false}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onEdit(event.target.value)}
    />
  );
}
