import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryDayOption } from '../../../src/domain/delivery-calendar';
import ar from '../../../src/locales/ar.json';
import de from '../../../src/locales/de.json';
import { DeliveryDayPicker } from '../../../src/ui/components/delivery-day-picker/delivery-day-picker';
import { deliveryDays } from './delivery-days';

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

async function switchTo(language: 'ar' | 'de') {
  i18next.addResourceBundle(language, 'translation', language === 'ar' ? ar : de, true, true);
  await act(() => i18next.changeLanguage(language));
}

/** The picker as a caller holds it: the chosen day in state, every pick also reported to `onChange`. */
function Holder(props: { value: string; days: DeliveryDayOption[]; onChange: (day: string) => void }) {
  const [value, setValue] = useState(props.value);
  return (
    <DeliveryDayPicker
      days={props.days}
      value={value}
      label="Delivery day"
      onChange={(day) => {
        setValue(day);
        props.onChange(day);
      }}
    />
  );
}

function renderPicker(
  options: { value?: string; days?: DeliveryDayOption[]; onChange?: (day: string) => void } = {},
) {
  const onChange = options.onChange ?? vi.fn();
  render(<Holder value={options.value ?? ''} days={options.days ?? deliveryDays} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

const cell = (name: string) => screen.getByRole('gridcell', { name });

describe('the delivery day picker', () => {
  it('shows the month of the chosen day in a named grid, the chosen day selected', () => {
    renderPicker({ value: '2026-12-03' });
    expect(screen.getByRole('grid', { name: 'Delivery day December 2026' })).toBeVisible();
    expect(cell('Thursday, 3 December 2026')).toHaveAttribute('aria-selected', 'true');
    expect(cell('Tuesday, 1 December 2026')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
  });

  it('opens on the first served day when none is chosen yet', () => {
    renderPicker();
    expect(screen.getByRole('grid', { name: 'Delivery day December 2026' })).toBeVisible();
    expect(cell('Tuesday, 1 December 2026')).toHaveAttribute('tabindex', '0');
  });

  it('picks a served day by click', async () => {
    const { onChange, user } = renderPicker({ value: '2026-12-01' });
    await user.click(cell('Friday, 4 December 2026'));
    expect(onChange).toHaveBeenCalledWith('2026-12-04');
    expect(cell('Friday, 4 December 2026')).toHaveAttribute('aria-selected', 'true');
  });

  it('does not pick a day the truck does not serve, and says why when it has the focus', async () => {
    const { onChange, user } = renderPicker({ value: '2026-12-01' });
    const wednesday = cell('Wednesday, 2 December 2026');
    expect(wednesday).toHaveAttribute('aria-disabled', 'true');
    await user.click(wednesday);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onChange).not.toHaveBeenCalled();
    expect(wednesday).toHaveFocus();
    expect(wednesday).toHaveAccessibleDescription('No delivery on Wednesdays on route Altona');
    expect(screen.getByText('No delivery on Wednesdays on route Altona', { selector: 'p' })).toBeVisible();
    expect(cell('Tuesday, 1 December 2026')).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['Thursday, 24 December 2026', 'Closed: stocktaking'],
    ['Friday, 25 December 2026', 'Public holiday: Christmas Day'],
    ['Monday, 30 November 2026', 'Too soon for this warehouse'],
  ])('gives %s the reason "%s"', (name, reason) => {
    renderPicker({ value: name.includes('November') ? '2026-11-30' : '2026-12-22' });
    expect(cell(name)).toHaveAccessibleDescription(reason);
    expect(cell(name)).toHaveAttribute('aria-disabled', 'true');
  });

  it('names the reasons of days past the cut-off or too far ahead', () => {
    renderPicker({
      value: '2026-12-03',
      days: [
        {
          date: '2026-12-01',
          served: false,
          reason: { kind: 'cutoffPassed', cutoffAt: '2026-11-30T17:00:00Z' },
        },
        { date: '2026-12-02', served: false, reason: { kind: 'tooLate' } },
        { date: '2026-12-03', served: true },
      ],
    });
    expect(cell('Tuesday, 1 December 2026')).toHaveAccessibleDescription('Past the order cut-off');
    expect(cell('Wednesday, 2 December 2026')).toHaveAccessibleDescription('Too far ahead');
    // a day the caller sent nothing for is not offered either
    expect(cell('Friday, 4 December 2026')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('Friday, 4 December 2026')).toHaveAccessibleDescription('No delivery on this day');
  });

  it('is one tab stop: Tab lands on the chosen day and leaves the grid with the next Tab', async () => {
    const { user } = renderPicker({ value: '2026-12-10' });
    const grid = screen.getByRole('grid');
    const tabStops = within(grid)
      .getAllByRole('gridcell')
      .filter((gridcell) => gridcell.getAttribute('tabindex') === '0');
    expect(tabStops).toEqual([cell('Thursday, 10 December 2026')]);
    await user.tab(); // the previous month button
    await user.tab(); // the next month button
    await user.tab();
    expect(cell('Thursday, 10 December 2026')).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('moves by day, week and month with the keys of a date grid and picks with Enter', async () => {
    const { onChange, user } = renderPicker({ value: '2026-12-01' });
    await user.click(cell('Tuesday, 1 December 2026'));
    await user.keyboard('{ArrowRight}');
    expect(cell('Wednesday, 2 December 2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell('Wednesday, 9 December 2026')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(cell('Tuesday, 8 December 2026')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cell('Tuesday, 1 December 2026')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('Sunday, 6 December 2026')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('Monday, 30 November 2026')).toHaveFocus();
    expect(screen.getByRole('grid', { name: 'Delivery day November 2026' })).toBeVisible();
    await user.keyboard('{PageDown}');
    expect(cell('Wednesday, 30 December 2026')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cell('Friday, 1 January 2027')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2027-01-01');
    await user.keyboard('{PageUp}{ArrowLeft}{ArrowLeft}');
    expect(cell('Sunday, 29 November 2026')).toHaveFocus();
  });

  it('picks the focused day with Space', async () => {
    const { onChange, user } = renderPicker({ value: '2026-12-01' });
    await user.click(cell('Tuesday, 1 December 2026'));
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight} ');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-10');
  });

  it('stops at the first and last day the calendar decided', async () => {
    const { user } = renderPicker({ value: '2026-12-01' });
    await user.click(cell('Tuesday, 1 December 2026'));
    await user.keyboard('{PageUp}{PageUp}');
    expect(cell('Saturday, 28 November 2026')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  });

  it('shows the other months with its named buttons', async () => {
    const { user } = renderPicker({ value: '2026-12-01' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'Delivery day January 2027' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'Delivery day November 2026' })).toBeVisible();
  });

  it('starts the week on the day the caller names', () => {
    render(
      <DeliveryDayPicker
        days={deliveryDays}
        value=""
        label="Delivery day"
        onChange={vi.fn()}
        firstDayOfWeek={7}
      />,
    );
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Sun');
  });
});

describe('the delivery day picker in other languages', () => {
  it('names the month, the weekdays and the reasons in German', async () => {
    await switchTo('de');
    renderPicker({ value: '2026-12-01' });
    expect(screen.getByRole('grid', { name: 'Delivery day Dezember 2026' })).toBeVisible();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
    expect(cell('Mittwoch, 2. Dezember 2026')).toHaveAccessibleDescription(
      'Keine Lieferung mittwochs auf der Tour Altona',
    );
  });

  it('runs right to left in Arabic, the arrow keys following what the eye sees', async () => {
    await switchTo('ar');
    const { user } = renderPicker({ value: '2026-12-01' });
    expect(screen.getByRole('group', { name: 'Delivery day' })).toHaveAttribute('dir', 'rtl');
    const arabic = (day: string) =>
      new Intl.DateTimeFormat('ar', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${day}T00:00:00Z`));
    await user.click(cell(arabic('2026-12-01')));
    await user.keyboard('{ArrowLeft}');
    expect(cell(arabic('2026-12-02'))).toHaveFocus();
    expect(cell(arabic('2026-12-02'))).toHaveAccessibleDescription('لا توصيل أيام الأربعاء على خط Altona');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cell(arabic('2026-11-30'))).toHaveFocus();
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeVisible();
  });
});
