import { FileSpreadsheet } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the picker offers; the content, not the name, decides how a file is read. */
const ACCEPT =
  '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/**
 * The upload area: a real file input (keyboard and screen readers reach it as a button) inside a zone that
 * also takes a dropped file.
 */
export function FileDropZone({
  onFile,
  disabled = false,
}: {
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target is an extra for mouse users; the input inside is the accessible control
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${
        dragging ? 'border-brand bg-brand-soft' : 'border-line bg-surface-raised'
      }`}
    >
      <FileSpreadsheet aria-hidden="true" className="size-8 text-brand" />
      <label
        htmlFor={inputId}
        className="tap-target inline-flex cursor-pointer items-center justify-center rounded-md bg-brand px-4 font-medium text-brand-contrast focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand hover:bg-brand-strong"
      >
        {t('quickOrder.chooseFile')}
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // emptied so that choosing the same file again (after fixing it) is a change too
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <p id={hintId} className="text-fg-muted">
        {t('quickOrder.dropHere')}. {t('quickOrder.limits')}
      </p>
    </div>
  );
}
