/**
 * Calendar days and times as the portal means them: German business days, in Europe/Berlin, whatever time
 * zone the process or the browser runs in. "Today" decides whether a desired delivery date lies in the
 * future (SPEC §5) and whether a folder share has ended; both must agree at any hour, so both ask here.
 * A calendar day travels as 'YYYY-MM-DD'; an instant as a Date (or ISO timestamp).
 */

export const BERLIN_TIME_ZONE = 'Europe/Berlin';

/** The shape of a calendar day as forms and the API send it ('2030-06-01'); whether it exists is not checked. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface BerlinDateTimeParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const partsFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: BERLIN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in Berlin at `instant`, two digits each (year four): for file names and calendar days. */
export function berlinDateTimeParts(instant: Date): BerlinDateTimeParts {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** The calendar day in Berlin at `instant` ('2030-06-01'). */
export function berlinDay(instant: Date): string {
  const { year, month, day } = berlinDateTimeParts(instant);
  return `${year}-${month}-${day}`;
}

/** Today in Berlin ('2030-06-01'); `now` is injectable for tests. */
export function berlinToday(now: Date = new Date()): string {
  return berlinDay(now);
}

/** The calendar day `days` after `day` (negative: before); no time zone involved. */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '2030-06-01' as '01.06.2030' (a calendar day, no time zone involved); other text comes back as it is. */
export function germanDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: BERLIN_TIME_ZONE,
});
const shortDateFormat = new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BERLIN_TIME_ZONE,
});
const mediumDateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: BERLIN_TIME_ZONE,
});

/** The Berlin day of an instant, DD.MM.YYYY ('01.06.2030'): lists, pages, file names of exports. */
export function germanDate(instant: Date): string {
  return dateFormat.format(instant);
}

/** The Berlin day of an instant without leading zeros ('1.6.2030'): the user export's file name. */
export function germanShortDate(instant: Date): string {
  return shortDateFormat.format(instant);
}

/** The Berlin date and time of an instant ('01.06.2030, 14:05'): lists and pages. */
export function germanDateTime(instant: Date): string {
  return dateTimeFormat.format(instant);
}

/** The Berlin date and time in the medium date style ('01.06.2030, 14:05'): the user export's cells. */
export function germanMediumDateTime(instant: Date): string {
  return mediumDateTimeFormat.format(instant);
}
