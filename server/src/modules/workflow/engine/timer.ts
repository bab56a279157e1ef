// ISO-8601 timer definitions of BPMN timer events: timeDuration (P1DT2H), timeDate (an instant)
// and timeCycle (R[n]/[start/]duration). Cron cycles are not accepted: say so instead of guessing.

export interface TimerSpec {
  kind: 'duration' | 'date' | 'cycle';
  text: string;
}

export interface Schedule {
  due: Date;
  /** repetitions left after this one; -1 = unbounded; undefined = not a cycle */
  repeat?: number;
  /** the cycle period, for re-arming */
  period?: string;
}

const DURATION = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/** Adds an ISO-8601 duration to a time (calendar months and years, like Java's Period). */
export function addDuration(from: Date, duration: string): Date {
  const m = DURATION.exec(duration.trim());
  if (!m || duration.trim() === 'P' || /T$/i.test(duration.trim())) throw new Error(`invalid ISO-8601 duration: ${duration}`);
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((x) => (x ? Number(x) : 0)) as [number, number, number, number, number, number, number];
  const out = new Date(from.getTime());
  if (y || mo) out.setUTCMonth(out.getUTCMonth() + Math.trunc(y * 12 + mo));
  out.setTime(out.getTime() + ((w * 7 + d) * 86400 + h * 3600 + mi * 60 + s) * 1000);
  return out;
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
  const period = parts.length === 3 ? parts[2]! : parts[1]!;
  addDuration(now, period); // validates
  const due = parts.length === 3 ? parseDate(parts[1]!) : addDuration(now, period);
  return { due, repeat: total === -1 ? -1 : total - 1, period };
}

/** The next due time of a cycle after one firing, or undefined when the cycle is exhausted. */
export function nextSchedule(prev: Schedule): Schedule | undefined {
  if (prev.repeat === undefined || prev.period === undefined || prev.repeat === 0) return undefined;
  return { due: addDuration(prev.due, prev.period), repeat: prev.repeat < 0 ? -1 : prev.repeat - 1, period: prev.period };
}

/** Adds n units of a supervision time unit (hour, minutes, seconds). */
export function addUnits(from: Date, n: number, unit: string): Date {
  const ms = unit === 'hour' || unit === 'hours' ? 3600_000 : unit === 'minutes' || unit === 'minute' ? 60_000 : unit === 'day' || unit === 'days' ? 86400_000 : 1000;
  return new Date(from.getTime() + n * ms);
}
