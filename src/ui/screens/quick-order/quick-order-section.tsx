import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/loading-state';
import { Section } from '../../components/section';
import { LazyQuickOrderPanel } from './lazy-quick-order-panel';

/** The quick-order import as a titled section (home: "Import products from Excel"; settings). */
export function QuickOrderSection({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div data-quick-order-section className="min-w-0 [&_h2]:scroll-mt-20">
      <Section title={title}>
        <Suspense fallback={<LoadingState label={t('app.loading')} />}>
          <LazyQuickOrderPanel />
        </Suspense>
      </Section>
    </div>
  );
}
