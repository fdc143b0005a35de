import type { FieldMessage } from '../../../domain/form-validation';

/** What a `FormField` takes from the machine for one field: the value as typed, its message, the change. */
export interface BoundField {
  value: string;
  message: FieldMessage | undefined;
  onChange: (value: string) => void;
}

/**
 * Binds the fields of one machine form: `field('email')` gives that field's value, its message and a
 * change that tells the machine, so each field in the markup names only its label and input kind.
 */
export function bindFields<TField extends string>(
  values: Record<TField, string>,
  messages: Partial<Record<TField, FieldMessage>>,
  change: (field: TField, value: string) => void,
): (field: TField) => BoundField {
  return (field) => ({
    value: values[field],
    message: messages[field],
    onChange: (value) => change(field, value),
  });
}
