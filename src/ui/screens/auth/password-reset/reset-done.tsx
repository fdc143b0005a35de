import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../app/routes';
import { primaryButtonClass, StepBody, StepHeader } from './reset-parts';

/** The password is changed (every session of the account ended): sign in with the new one. */
export function ResetDone() {
  const { t } = useTranslation();
  return (
    <StepBody>
      <CircleCheck aria-hidden="true" className="size-10 self-center text-brand" />
      <StepHeader title={t('auth.reset.doneTitle')} text={t('auth.reset.done')} />
      <Link href={`~${paths.home}`} className={primaryButtonClass}>
        {t('auth.reset.signIn')}
      </Link>
    </StepBody>
  );
}
