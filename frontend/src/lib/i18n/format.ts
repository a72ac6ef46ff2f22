import { i18n } from '@lingui/core';

/** Dates, times and numbers in the interface language, in the viewer's own time zone. Arabic
 * keeps Latin digits, as ratings, scores and board numbers are written everywhere else on the
 * page (docs/i18n.md). */
const intlLocale = () => (i18n.locale === 'ar' ? 'ar-u-nu-latn' : i18n.locale || 'en');

type DateInput = string | number | Date;

export const dateTimeText = (
  value: DateInput,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
) => new Intl.DateTimeFormat(intlLocale(), options).format(new Date(value));

export const dateText = (value: DateInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  dateTimeText(value, options);

export const timeText = (value: DateInput, options: Intl.DateTimeFormatOptions = { timeStyle: 'short' }) =>
  dateTimeText(value, options);

export const numberText = (value: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlLocale(), options).format(value);

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "in 5 minutes", "3 days ago": the largest unit that fits. */
export const relativeTimeText = (value: DateInput, now: number = Date.now()) => {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, span]) => Math.abs(seconds) >= span) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
};

/** A duration in seconds as minutes and seconds ("90 minutes", "1 min, 30 sec"), the units
 * event settings are given in (a check-in window, a pause, a line-up time): no hours, so that
 * the number a leader typed is the number shown. Intl.DurationFormat where the browser has it,
 * else the units' own formatter. */
export const durationText = (totalSeconds: number, style: 'long' | 'short' | 'narrow' = 'short') => {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  const DurationFormat = (Intl as unknown as { DurationFormat?: new (l: string, o: object) => { format(d: object): string } })
    .DurationFormat;
  const parts = minutes && seconds ? { minutes, seconds } : minutes ? { minutes } : { seconds };
  if (DurationFormat) return new DurationFormat(intlLocale(), { style }).format(parts);
  const unit = (amount: number, name: string) =>
    new Intl.NumberFormat(intlLocale(), { style: 'unit', unit: name, unitDisplay: style }).format(amount);
  const shown = [minutes ? unit(minutes, 'minute') : '', seconds || !minutes ? unit(seconds, 'second') : ''].filter(Boolean);
  return new Intl.ListFormat(intlLocale(), { style: 'narrow', type: 'unit' }).format(shown);
};
