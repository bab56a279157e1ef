// ISO-8601 timer definitions of BPMN timer events: timeDuration (P1DT2H), timeDate (an instant)
// and timeCycle (R[n]/[start/]duration). Cron cycles are not accepted: say so instead of guessing.
//
// Calendar arithmetic follows Java's Period (as Flowable/Camunda, on a calendar in the server's time
// zone, TZ): years and months first, clamped to the last day of the target month (Jan 31 + P1M =
// Feb 28, or Feb 29 in a leap year; Feb 29 + P1Y = Feb 28), keeping the local time of day; then weeks
// and days as calendar days (P1D is the same local time tomorrow, even across a daylight-saving change);
// then fractions of a day and the time part (PT24H, PT90M, PT0.5S) as exact elapsed time. A cycle with a
// calendar period is counted from its anchor (start + k·period), so R/2026-01-31T08:00/P1M fires on
// Jan 31, Feb 28, Mar 31, Apr 30 and does not drift to the 28th after February.

export interface TimerSpec {
  kind: 'duration' | 'date' | 'cycle';
  text: string;
}

export interface Schedule {
  due: Date;
  /** repetitions left after this one; -1 = unbounded; undefined = not a cycle */
  repeat?: number;
  /** the cycle period, for re-arming: "PT10M", or "<anchor instant>/P1M" when it has calendar months/years/days */
  period?: string;
}

const DURATION = /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

interface Parsed { months: number; days: number; ms: number }

function parseDuration(duration: string): Parsed {
  const text = duration.trim();
  const m = DURATION.exec(text);
  if (!m || /^P$/i.test(text) || /T$/i.test(text)) throw new Error(`invalid ISO-8601 duration: ${duration}`);
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((x) => (x ? Number(x.replace(',', '.')) : 0)) as [number, number, number, number, number, number, number];
  // a month has no fixed length: like Java's Period, years and months are whole numbers
  if (!Number.isInteger(y) || !Number.isInteger(mo)) throw new Error(`fractional years or months are not supported: ${duration}`);
  const days = w * 7 + d;
  const whole = Math.floor(days);
  return { months: y * 12 + mo, days: whole, ms: Math.round(((days - whole) * 86400 + h * 3600 + mi * 60 + s) * 1000) };
}

/** Adds calendar months (day clamped to the month's end) and calendar days, keeping the local time of day. */
function addCalendar(from: Date, months: number, days: number): Date {
  const out = new Date(from.getTime());
  if (months) {
    const total = from.getFullYear() * 12 + from.getMonth() + months;
    const year = Math.floor(total / 12);
    const month = total - year * 12;
    const last = new Date(year, month + 1, 0).getDate();
    out.setFullYear(year, month, Math.min(from.getDate(), last));
  }
  if (days) out.setDate(out.getDate() + days);
  return out;
}

/** from + times·p: the calendar parts first (multiplied, like Period.multipliedBy), then the exact time. */
function plus(from: Date, p: Parsed, times = 1): Date {
  return new Date(addCalendar(from, p.months * times, p.days * times).getTime() + p.ms * times);
}

/** Adds an ISO-8601 duration to a time (calendar months and years, like Java's Period). */
export function addDuration(from: Date, duration: string): Date {
  return plus(from, parseDuration(duration));
}

function parseDate(text: string): Date {
  const d = new Date(text.trim());
  if (Number.isNaN(d.getTime())) throw new Error(`invalid ISO-8601 date: ${text}`);
  return d;
}

/** The first due time of a timer definition, evaluated at `now`. */
export function firstSchedule(spec: TimerSpec, now: Date): Schedule {
  const text = spec.text.trim();
  if (spec.kind === 'duration') return { due: addDuration(now, text) };
  if (spec.kind === 'date') return { due: parseDate(text) };
  const parts = text.split('/');
  const rep = /^R(\d*)$/i.exec(parts[0] ?? '');
  if (!rep || parts.length < 2 || parts.length > 3) throw new Error(`unsupported timeCycle (use R[n]/[start/]duration): ${text}`);
  const total = rep[1] === '' ? -1 : Number(rep[1]);
  if (total === 0) throw new Error(`timeCycle with zero repetitions: ${text}`);
  const duration = (parts.length === 3 ? parts[2]! : parts[1]!).trim();
  const p = parseDuration(duration);
  if (p.months <= 0 && p.days <= 0 && p.ms <= 0) throw new Error(`timeCycle with an empty period: ${text}`);
  const start = parts.length === 3 ? parseDate(parts[1]!) : undefined;
  const due = start ?? plus(now, p);
  // a calendar period is re-armed from its anchor (the start, or now for the first of start + k·period)
  const anchored = `${(start ?? now).toISOString()}/${duration}`;
  const period = (p.months || p.days) && anchored.length <= 64 ? anchored : duration; // the column holds 64 characters
  return { due, repeat: total === -1 ? -1 : total - 1, period };
}

/** The next due time of a cycle after one firing, or undefined when the cycle is exhausted. */
export function nextSchedule(prev: Schedule): Schedule | undefined {
  if (prev.repeat === undefined || prev.period === undefined || prev.repeat === 0) return undefined;
  const slash = prev.period.lastIndexOf('/');
  const p = parseDuration(prev.period.slice(slash + 1));
  let due: Date;
  if (slash < 0 || (!p.months && !p.days)) due = plus(prev.due, p); // fixed length (or a period stored before anchors): add it
  else {
    // the smallest anchor + k·period after the previous due time: estimate k from the mean length, then step
    const anchor = parseDate(prev.period.slice(0, slash));
    const approx = (p.months * 30.436875 + p.days) * 86400_000 + p.ms;
    let k = Math.max(1, Math.floor((prev.due.getTime() - anchor.getTime()) / approx));
    while (k > 1 && plus(anchor, p, k - 1) > prev.due) k--;
    while (plus(anchor, p, k) <= prev.due) k++;
    due = plus(anchor, p, k);
  }
  return { due, repeat: prev.repeat < 0 ? -1 : prev.repeat - 1, period: prev.period };
}

/** Adds n units of a supervision time unit (hour, minutes, seconds). */
export function addUnits(from: Date, n: number, unit: string): Date {
  const ms = unit === 'hour' || unit === 'hours' ? 3600_000 : unit === 'minutes' || unit === 'minute' ? 60_000 : unit === 'day' || unit === 'days' ? 86400_000 : 1000;
  return new Date(from.getTime() + n * ms);
}
