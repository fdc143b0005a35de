import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CampaignWithPrices } from '../../../machines/catalogue';
import { paths } from '../../app/routes';

/**
 * Spec point 2, Home: the campaign banners with the name over each slide; a slide opens the campaign.
 * Embla gives swipe and drag; the arrow keys and the buttons move one slide (mirrored right to left).
 */
export function CampaignCarousel({ campaigns }: { campaigns: readonly CampaignWithPrices[] }) {
  const { t, i18n } = useTranslation();
  const direction = i18n.dir();
  const [attachEmbla, embla] = useEmblaCarousel({ loop: campaigns.length > 1, direction });
  const viewport = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);

  // Embla starts once the browser has painted the carousel. Started in the commit that
  // mounts it, its measuring forced the layout of the whole newly drawn home inside that one task,
  // the longest of the signed-in home. Until then the first banner shows where Embla leaves it.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => attachEmbla(viewport.current));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [attachEmbla]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) next();
    else if (event.key === backward) previous();
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription={t('home.carousel.roleDescription')}
      aria-label={t('home.carousel.label')}
      onKeyDown={onKeyDown}
      className="relative"
    >
      <div ref={viewport} className="overflow-hidden rounded-lg border border-line">
        <div className="flex touch-pan-y">
          {campaigns.map((campaign, index) => (
            <div key={campaign.id} className="min-w-0 shrink-0 grow-0 basis-full">
              <Link
                href={paths.campaign(campaign.id)}
                // the campaign screen shows it at once instead of loading it again
                state={{ campaign }}
                className="relative block aspect-[3/1] max-h-72 w-full bg-surface-sunken"
              >
                <img
                  src={campaign.banner}
                  alt=""
                  // The first banner is the signed-in home's largest paint: fetched first. The others
                  // wait until the carousel nears them, so they do not share the phone's bandwidth with it.
                  fetchPriority={index === 0 ? 'high' : 'low'}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding={index === 0 ? 'sync' : 'async'}
                  width={1200}
                  height={400}
                  className="absolute inset-0 size-full object-cover"
                  draggable={false}
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/60 to-transparent px-4 pt-6 pb-2 text-base font-semibold text-white desktop:pt-8 desktop:pb-3 desktop:text-2xl">
                  <bdi>{campaign.name}</bdi>
                  <span className="sr-only">
                    {' '}
                    ({t('home.carousel.slideOf', { index: index + 1, count: campaigns.length })})
                  </span>
                </span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      {campaigns.length > 1 && (
        <>
          <ArrowButton to="previous" onClick={previous} />
          <ArrowButton to="next" onClick={next} />
          <div className="mt-2 flex justify-center gap-1">
            {campaigns.map((campaign, index) => (
              <button
                key={campaign.id}
                type="button"
                aria-label={t('home.carousel.goTo', { name: campaign.name })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(index)}
                className="tap-target inline-flex items-center justify-center"
              >
                <span
                  className={`block h-2 rounded-full transition-all ${index === selected ? 'w-6 bg-brand' : 'w-2 bg-line'}`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

const arrowClass =
  // Phones swipe (and keep the dots); the arrows would cover a small banner.
  'tap-target absolute top-1/2 z-10 hidden desktop:inline-flex -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white hover:bg-black/65';

/** The arrow over the banner's start (previous) or end (next) edge; it turns with the reading direction. */
function ArrowButton({ to, onClick }: { to: 'previous' | 'next'; onClick: () => void }) {
  const { t } = useTranslation();
  const Icon = to === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t(to === 'previous' ? 'home.carousel.previous' : 'home.carousel.next')}
      className={`${arrowClass} ${to === 'previous' ? 'start-2' : 'end-2'}`}
    >
      <Icon aria-hidden="true" className="size-5 rtl:rotate-180" />
    </button>
  );
}
