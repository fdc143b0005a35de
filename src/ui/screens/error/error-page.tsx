import { useTranslation } from 'react-i18next';
import { TriangleAlertIcon } from '../../components/sign-in-icons';

export type ErrorStatus = 400 | 403 | 404 | 405 | 500;

/** Spec point 8: "Unexpected Application Error!" with the status and the message. */
export function ErrorPage({ status, message }: { status: ErrorStatus; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3 py-10">
      <TriangleAlertIcon className="size-8 text-danger" />
      <h1 className="text-xl font-semibold">{t('routeError.title')}</h1>
      <p className="text-lg font-medium">
        {status} {t(`routeError.status.${status}`)}
      </p>
      <p className="break-words font-mono text-fg-muted">{message}</p>
      {/* A plain link, not the router's: after an error, a full reload is the safest way home. */}
      <a href="/" className="tap-target inline-flex items-center self-start text-brand hover:underline">
        {t('routeError.goHome')}
      </a>
    </div>
  );
}
