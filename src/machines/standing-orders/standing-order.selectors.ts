import type { SnapshotFrom } from 'xstate';
import type { IsoWeekday } from '../../domain/delivery-calendar';
import type { StandingOrder } from '../../services/api/wire/standing-orders';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { SeriesDraftLine } from './draft-lines';
import type { StandingOrderForm, standingOrderMachine } from './standing-order.machine';
import { firstDateOptions, servedWeekdays } from './standing-order.schedule';

export type StandingOrderSnapshot = SnapshotFrom<typeof standingOrderMachine>;

/** The screen's main state: what to draw. */
export type StandingOrderView =
  | 'loadingCalendar'
  | 'calendarFailed'
  | 'form'
  | 'loading'
  | 'loadFailed'
  | 'notFound'
  | 'series';

export const selectStandingOrderView = (s: StandingOrderSnapshot): StandingOrderView => {
  if (s.matches('idle') || s.matches('loadingCalendar')) return 'loadingCalendar';
  if (s.matches('calendarFailed')) return 'calendarFailed';
  if (s.matches('composing') || s.matches('creating') || s.matches('createFailed')) return 'form';
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('notFound')) return 'notFound';
  return 'series';
};
export const selectIsStandingOrderBusy = (s: StandingOrderSnapshot): boolean => s.hasTag('busy');
export const selectStandingOrderForm = (s: StandingOrderSnapshot): StandingOrderForm => s.context.form;
export const selectServedWeekdays = (s: StandingOrderSnapshot): IsoWeekday[] =>
  servedWeekdays(s.context.calendar);
export const selectFirstDateOptions = (s: StandingOrderSnapshot): string[] =>
  firstDateOptions(s.context.calendar, s.context.form.weekday, s.context.now ?? new Date(0).toISOString());
export const selectCreateFailed = (s: StandingOrderSnapshot): boolean => s.matches('createFailed');
export const selectStandingOrder = (s: StandingOrderSnapshot): StandingOrder | null => s.context.series;
export const selectSeriesDraft = (s: StandingOrderSnapshot): SeriesDraftLine[] => s.context.draft;
export const selectIsEditingSeriesLines = (s: StandingOrderSnapshot): boolean => s.matches('editingLines');
export const selectIsConfirmingEnd = (s: StandingOrderSnapshot): boolean => s.matches('confirmingEnd');
export const selectSeriesWriteFailed = (s: StandingOrderSnapshot): boolean => s.matches('writeFailed');
/** Which write is running or failed, so its button shows the spinner or the message names it. */
export const selectSeriesPendingWrite = (s: StandingOrderSnapshot) => s.context.pending?.kind ?? null;
export const selectStandingOrderError = (s: StandingOrderSnapshot): ErrorInfo | null => s.context.error;
/** The server's refusal code of the last create or write, null for a fault or none. */
export const selectStandingOrderRefusal = (s: StandingOrderSnapshot): string | null => s.context.refusal;
