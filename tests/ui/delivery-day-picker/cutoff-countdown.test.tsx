import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '../../../src/locales/ar.json';
import tr from '../../../src/locales/tr.json';
import { CutoffCountdown } from '../../../src/ui/components/delivery-day-picker/cutoff-countdown';
import { DateMovedNotice } from '../../../src/ui/components/delivery-day-picker/date-moved-notice';

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

async function switchTo(language: 'ar' | 'tr') {
  i18next.addResourceBundle(language, 'translation', language === 'ar' ? ar : tr, true, true);
  await act(() => i18next.changeLanguage(language));
}

// Orders for Tuesday 1 December close on Monday 30 November at 18:00 in Hamburg (17:00 UTC).
const cutoffAt = '2026-11-30T17:00:00.000Z';
const ahead = (hours: number, minutes = 0) =>
  new Date(Date.parse(cutoffAt) - (hours * 60 + minutes) * 60_000);

function countdown(now: Date, customerTimeZone = 'Europe/Berlin') {
  return (
    <CutoffCountdown
      cutoffAt={cutoffAt}
      day="2026-12-01"
      now={now}
      supplierTimeZone="Europe/Berlin"
      customerTimeZone={customerTimeZone}
    />
  );
}
const statusText = () => screen.getByRole('status').textContent;

describe('the cut-off countdown', () => {
  it.each([
    [ahead(2, 14), 'Order within 2 h 14 min for delivery on Tuesday 1 December'],
    [ahead(2), 'Order within 2 h for delivery on Tuesday 1 December'],
    [ahead(0, 14), 'Order within 14 min for delivery on Tuesday 1 December'],
    [ahead(27, 40), 'Order within 1 day 3 h for delivery on Tuesday 1 December'],
    [ahead(48), 'Order within 2 days for delivery on Tuesday 1 December'],
    [
      new Date(Date.parse(cutoffAt) - 30_000),
      'Order within less than a minute for delivery on Tuesday 1 December',
    ],
  ])('at %s says "%s"', (now, text) => {
    render(countdown(now));
    expect(statusText()).toBe(text);
  });

  it('counts down to the last instant an order is taken, rounding down', () => {
    render(countdown(new Date(Date.parse(cutoffAt) - (2 * 60 + 14) * 60_000 - 59_000)));
    expect(statusText()).toBe('Order within 2 h 14 min for delivery on Tuesday 1 December');
  });

  it('shows nothing once the cut-off has passed', () => {
    render(countdown(new Date(Date.parse(cutoffAt) + 1)));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives the cut-off in the supplier’s and the buyer’s time when their clocks differ', () => {
    render(countdown(ahead(2, 14), 'America/New_York'));
    expect(screen.getByText(/^Cut-off/)).toHaveTextContent(
      'Cut-off Monday 18:00 (Central European Standard Time), Monday 12:00 your time',
    );
  });

  it('gives no second time when the buyer is in the supplier’s zone', () => {
    render(countdown(ahead(2, 14)));
    expect(screen.queryByText(/^Cut-off/)).toBeNull();
  });

  it('is read out when the hours change and every minute in the last quarter hour, not every minute before', () => {
    const { rerender } = render(countdown(ahead(2, 1)));
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'off');
    rerender(countdown(ahead(2, 0)));
    expect(statusText()).toBe('Order within 2 h for delivery on Tuesday 1 December');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'off');
    rerender(countdown(ahead(1, 59)));
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    rerender(countdown(ahead(1, 58)));
    expect(statusText()).toBe('Order within 1 h 58 min for delivery on Tuesday 1 December');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'off');
    rerender(countdown(ahead(0, 15)));
    rerender(countdown(ahead(0, 14)));
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    rerender(countdown(ahead(0, 13)));
    expect(statusText()).toBe('Order within 13 min for delivery on Tuesday 1 December');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  describe('in Arabic, with its six plural forms', () => {
    it.each([
      [ahead(1), 'اطلب خلال ساعة واحدة للتوصيل يوم الثلاثاء، 1 ديسمبر'],
      [ahead(2), 'اطلب خلال ساعتين للتوصيل يوم الثلاثاء، 1 ديسمبر'],
      [ahead(3, 1), 'اطلب خلال 3 ساعات ودقيقة واحدة للتوصيل يوم الثلاثاء، 1 ديسمبر'],
      [ahead(11, 2), 'اطلب خلال 11 ساعة ودقيقتين للتوصيل يوم الثلاثاء، 1 ديسمبر'],
      [ahead(0, 15), 'اطلب خلال 15 دقيقة للتوصيل يوم الثلاثاء، 1 ديسمبر'],
      [ahead(26), 'اطلب خلال يوم واحد وساعتين للتوصيل يوم الثلاثاء، 1 ديسمبر'],
      [ahead(72), 'اطلب خلال 3 أيام للتوصيل يوم الثلاثاء، 1 ديسمبر'],
    ])('at %s says "%s"', async (now, text) => {
      await switchTo('ar');
      render(countdown(now));
      expect(statusText()).toBe(text);
    });
  });

  it('counts in Turkish', async () => {
    await switchTo('tr');
    const { rerender } = render(countdown(ahead(2, 14)));
    expect(statusText()).toBe('1 Aralık Salı teslimatı için 2 saat ve 14 dakika içinde sipariş verin');
    rerender(countdown(ahead(25)));
    expect(statusText()).toBe('1 Aralık Salı teslimatı için 1 gün ve 1 saat içinde sipariş verin');
  });
});

describe('the moved date notice', () => {
  it('says at once that the cut-off passed and which day the order now names', () => {
    render(<DateMovedNotice from="2026-12-01" to="2026-12-04" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The order cut-off for Tuesday 1 December has passed; the delivery date is now Friday 4 December.',
    );
  });

  it('says it in Arabic', async () => {
    await switchTo('ar');
    render(<DateMovedNotice from="2026-12-01" to="2026-12-04" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'انتهى موعد إغلاق الطلبات ليوم الثلاثاء، 1 ديسمبر؛ أصبح موعد التوصيل الآن الجمعة، 4 ديسمبر.',
    );
  });
});
