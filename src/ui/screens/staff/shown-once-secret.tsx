import { Copy, KeyRound } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/field-classes';
import { cardClass, primaryButton, secondaryButton } from './staff-buttons';

type SecretCopyState = 'idle' | 'copying' | 'copied' | 'failed';

/**
 * A secret the server shows only once (a key's, a webhook's signing secret): the warning, the secret
 * to select or copy, and Done. `lead` stands above the warning, `children` below it.
 */
export function ShownOnceSecret({
  title,
  warning,
  secret,
  copy,
  copyFailed,
  onCopy,
  onDone,
  lead,
  children,
}: {
  title: string;
  warning: string;
  secret: string;
  copy: SecretCopyState;
  copyFailed: string;
  onCopy: () => void;
  onDone: () => void;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} flex flex-col gap-3 border-brand`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-5 shrink-0 text-brand" />
        {title}
      </h3>
      {lead}
      <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
        {warning}
      </p>
      {children}
      <label htmlFor={`${id}-secret`} className="sr-only">
        {title}
      </label>
      <input
        id={`${id}-secret`}
        readOnly
        value={secret}
        dir="ltr"
        onFocus={(event) => event.target.select()}
        className={`${inputClass} font-mono`}
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} disabled={copy === 'copying'} onClick={onCopy}>
          <Copy aria-hidden="true" className="size-4" />
          {copy === 'copied' ? t('staff.keys.copied') : t('staff.keys.copy')}
        </button>
        <button type="button" className={primaryButton} onClick={onDone}>
          {t('staff.keys.done')}
        </button>
        <span role="status" className="text-fg-muted">
          {copy === 'copied' ? t('staff.keys.copied') : ''}
        </span>
      </div>
      {copy === 'failed' && <p className="text-danger">{copyFailed}</p>}
    </section>
  );
}
