import type { KeyboardEvent } from 'react';
import { QUANTITY_BOX } from './order-rows-kit';

/**
 * A row's quantity box: typed text only (no steppers, a row stays one line on the desktop), its
 * message under it when the text is not a quantity. Enter is the row's action (add, or on to the next
 * row); composing text (an IME) never counts as Enter.
 */
export function RowQuantityBox({
  label,
  text,
  message,
  messageId,
  disabled,
  onType,
  onEnter,
  onWake,
}: {
  label: string;
  text: string;
  /** the translated message, or null */
  message: string | null;
  messageId: string;
  disabled: boolean;
  onType: (text: string) => void;
  onEnter: (box: HTMLInputElement) => void;
  onWake?: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnter(event.currentTarget);
  };
  return (
    <span className="relative inline-flex">
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        {...{ [QUANTITY_BOX]: '' }}
        aria-label={label}
        aria-invalid={message !== null}
        aria-describedby={message !== null ? messageId : undefined}
        disabled={disabled}
        value={text}
        onFocus={onWake}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        className={`h-11 w-16 rounded-md border bg-surface-raised px-2 text-center tabular-nums desktop:h-9 disabled:opacity-50 ${
          message !== null ? 'border-danger outline-2 outline-danger/40' : 'border-line'
        }`}
      />
      {message !== null && (
        // over the rows below (the row lifts itself while focused): a row keeps its height
        <span
          id={messageId}
          role="alert"
          className="absolute top-full z-20 mt-1 w-56 rounded-md border border-danger/40 bg-danger-soft px-2 py-1 text-xs text-danger shadow-md start-0"
        >
          {message}
        </span>
      )}
    </span>
  );
}
