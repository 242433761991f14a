/**
 * The part of Proxmox's calendar events (systemd-like: `[WEEKDAY] [[YEARS-]MONTHS-DAYS] HH:MM`)
 * that backup schedules use, in UTC: weekday lists and ranges (`mon..fri`, `sat,sun`), a day of
 * the month spec in `*-*-DAYS` form, and hours and minutes, each field being `*`, a number, a
 * range `a..b`, a repetition `start/step` (the start may be `*`), or a comma list of those. Also the
 * shorthands `hourly`, `daily`, `weekly`, `monthly`.
 */
export interface CalendarEvent {
  weekdays: boolean[];
  days: boolean[];
  hours: boolean[];
  minutes: boolean[];
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const SHORTHANDS: Record<string, string> = {
  hourly: '*:00',
  daily: '00:00',
  weekly: 'mon 00:00',
  monthly: '*-*-01 00:00',
};

export function parseCalendarEvent(text: string): CalendarEvent | undefined {
  const parts = (SHORTHANDS[text.trim()] ?? text.trim()).split(/\s+/).filter(Boolean);
  let weekdays = Array<boolean>(7).fill(true);
  let days = Array<boolean>(32).fill(true);
  let time = '00:00';
  for (const part of parts) {
    if (/^[a-z]/i.test(part)) {
      const parsed = parseWeekdays(part.toLowerCase());
      if (!parsed) return undefined;
      weekdays = parsed;
    } else if (part.includes('-')) {
      const fields = part.split('-');
      if (fields.length > 3 || fields.slice(0, -1).some((f) => f !== '*')) return undefined;
      const parsed = parseField(fields.at(-1)!, 1, 31);
      if (!parsed) return undefined;
      days = parsed;
    } else {
      time = part;
    }
  }
  const [h, m, ...rest] = time.split(':');
  if (h === undefined || m === undefined || rest.length > 1) return undefined;
  const hours = parseField(h, 0, 23);
  const minutes = parseField(m, 0, 59);
  if (!hours || !minutes) return undefined;
  return { weekdays, days, hours, minutes };
}

/** The first time the event fires strictly after `afterS` (seconds), or undefined within a year. */
export function nextEvent(event: CalendarEvent, afterS: number): number | undefined {
  const dayMs = 86_400_000;
  const startDay = Math.floor((afterS * 1000) / dayMs) * dayMs;
  for (let d = 0; d <= 366; d += 1) {
    const day = new Date(startDay + d * dayMs);
    if (!event.weekdays[day.getUTCDay()] || !event.days[day.getUTCDate()]) continue;
    for (let h = 0; h < 24; h += 1) {
      if (!event.hours[h]) continue;
      for (let m = 0; m < 60; m += 1) {
        if (!event.minutes[m]) continue;
        const t = Math.floor(day.getTime() / 1000) + h * 3600 + m * 60;
        if (t > afterS) return t;
      }
    }
  }
  return undefined;
}

function parseWeekdays(text: string): boolean[] | undefined {
  const set = Array<boolean>(7).fill(false);
  for (const item of text.split(',')) {
    const [from, to] = item.split('..');
    const a = WEEKDAYS.indexOf(from ?? '');
    const b = to === undefined ? a : WEEKDAYS.indexOf(to);
    if (a < 0 || b < 0) return undefined;
    // Ranges run Monday to Sunday, so `fri..mon` wraps over the weekend.
    for (let i = a; ; i = (i + 1) % 7) {
      set[i] = true;
      if (i === b) break;
    }
  }
  return set;
}

function parseField(text: string, min: number, max: number): boolean[] | undefined {
  const set = Array<boolean>(max + 1).fill(false);
  for (const item of text.split(',')) {
    const [range, stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!range || !Number.isInteger(step) || step < 1) return undefined;
    let from: number;
    let to: number;
    if (range === '*') {
      [from, to] = [min, max];
    } else if (range.includes('..')) {
      [from, to] = range.split('..').map(Number) as [number, number];
    } else {
      from = Number(range);
      to = stepText === undefined ? from : max;
    }
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < min || to > max || from > to)
      return undefined;
    for (let v = from; v <= to; v += step) set[v] = true;
  }
  return set;
}
