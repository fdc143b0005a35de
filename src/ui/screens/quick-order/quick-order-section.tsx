import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/loading-state';
import { Section } from '../../components/section';
import { useAfterFirstPaint } from '../home/use-after-first-paint';
import { LazyQuickOrderPanel, quickOrderPanelArrived } from './lazy-quick-order-panel';

/** The quick-order import as a titled section (home: "Import products from Excel"; settings). */
export function QuickOrderSection({ title }: { title: string }) {
  const { t } = useTranslation();
  const loading = <LoadingState label={t('app.loading')} />;
  const painted = useAfterFirstPaint(quickOrderPanelArrived());
  return (
    <div data-quick-order-section className="min-w-0 [&_h2]:scroll-mt-20">
      <Section title={title}>
        {/* Its chunks are asked for once the screen around it has painted: on the home
            that paint is the campaign banner, which they would otherwise hold back on a slow link. */}
        {painted ? (
          <Suspense fallback={loading}>
            <LazyQuickOrderPanel />
          </Suspense>
        ) : (
          loading
        )}
      </Section>
    </div>
  );
}
