// ISO-8601 durations and cycles: calendar months and years like Java's Period (clamped to the month's end),
// on the server's time zone's calendar; the time part exact; cycles counted from their anchor.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDuration, firstSchedule, nextSchedule, type Schedule } from './timer.ts';

const at = (iso: string) => new Date(iso);
const add = (from: string, d: string) => addDuration(at(from), d).toISOString();

/** Runs a suite's tests with the process in time zone tz (Node applies a changed TZ at once). */
const zone = (tz: string) => {
  const was = process.env.TZ;
  before(() => { process.env.TZ = tz; });
  after(() => { if (was === undefined) delete process.env.TZ; else process.env.TZ = was; });
};

describe('ISO-8601 durations', () => {
  zone('UTC');
  test('a month from a month end is the last day of the next month (Feb 28, Feb 29 in a leap year)', () => {
    assert.equal(add('2026-01-31T09:30:00.000Z', 'P1M'), '2026-02-28T09:30:00.000Z');
    assert.equal(add('2028-01-31T09:30:00.000Z', 'P1M'), '2028-02-29T09:30:00.000Z');
    assert.equal(add('2026-03-31T00:00:00.000Z', 'P1M'), '2026-04-30T00:00:00.000Z');
    assert.equal(add('2026-01-30T00:00:00.000Z', 'P1M'), '2026-02-28T00:00:00.000Z');
    assert.equal(add('2026-01-15T00:00:00.000Z', 'P1M'), '2026-02-15T00:00:00.000Z');
    assert.equal(add('2026-08-31T23:59:59.999Z', 'P6M'), '2027-02-28T23:59:59.999Z');
    assert.equal(add('2026-12-31T12:00:00.000Z', 'P2M'), '2027-02-28T12:00:00.000Z');
  });

  test('a year from Feb 29 is Feb 28; four years is Feb 29 again; 13 months crosses the year', () => {
    assert.equal(add('2028-02-29T08:00:00.000Z', 'P1Y'), '2029-02-28T08:00:00.000Z');
    assert.equal(add('2028-02-29T08:00:00.000Z', 'P4Y'), '2032-02-29T08:00:00.000Z');
    assert.equal(add('2028-02-29T08:00:00.000Z', 'P12M'), '2029-02-28T08:00:00.000Z');
    assert.equal(add('2026-01-31T00:00:00.000Z', 'P1Y1M'), '2027-02-28T00:00:00.000Z');
  });

  test('months first, then days and the time part exactly (Jan 31 + P1M1D = Mar 1, + P1MT1H keeps minutes)', () => {
    assert.equal(add('2026-01-31T10:15:30.250Z', 'P1M1D'), '2026-03-01T10:15:30.250Z');
    assert.equal(add('2028-01-31T10:15:30.250Z', 'P1M1D'), '2028-03-01T10:15:30.250Z');
    assert.equal(add('2026-01-31T22:45:00.000Z', 'P1MT1H30M'), '2026-03-01T00:15:00.000Z');
    assert.equal(add('2026-02-28T23:00:00.000Z', 'PT1H'), '2026-03-01T00:00:00.000Z');
    assert.equal(add('2028-02-28T23:00:00.000Z', 'PT1H'), '2028-02-29T00:00:00.000Z');
    assert.equal(add('2026-01-01T00:00:00.000Z', 'P1W2DT3H4M5.5S'), '2026-01-10T03:04:05.500Z');
    assert.equal(add('2026-01-01T00:00:00.000Z', 'PT0,5S'), '2026-01-01T00:00:00.500Z');
    assert.equal(add('2026-01-01T00:00:00.000Z', 'P0.5D'), '2026-01-01T12:00:00.000Z');
  });

  test('invalid and fractional calendar durations are refused, not truncated', () => {
    for (const bad of ['P', 'PT', 'P1', '1M', 'P1MT', 'P-1M', 'P1.5M', 'P0.5Y', 'every month'])
      assert.throws(() => addDuration(at('2026-01-31T00:00:00Z'), bad), /duration|fractional/, bad);
  });
});

describe('ISO-8601 cycles', () => {
  zone('UTC');
  const fire = (s: Schedule, n: number) => {
    const out = [s.due.toISOString()];
    let cur: Schedule | undefined = s;
    for (let i = 1; i < n && cur; i++) {
      cur = nextSchedule(cur);
      if (cur) out.push(cur.due.toISOString());
    }
    return { out, last: cur };
  };

  test('R/start/P1M from Jan 31 fires on each month end and does not drift to the 28th', () => {
    const s = firstSchedule({ kind: 'cycle', text: 'R/2028-01-31T08:00:00Z/P1M' }, at('2028-01-01T00:00:00Z'));
    assert.equal(s.repeat, -1);
    assert.deepEqual(fire(s, 6).out, ['2028-01-31T08:00:00.000Z', '2028-02-29T08:00:00.000Z', '2028-03-31T08:00:00.000Z',
      '2028-04-30T08:00:00.000Z', '2028-05-31T08:00:00.000Z', '2028-06-30T08:00:00.000Z']);
  });

  test('R3/P1M without a start counts from now; the count runs out', () => {
    const s = firstSchedule({ kind: 'cycle', text: 'R3/P1M' }, at('2026-12-31T18:00:00Z'));
    const { out, last } = fire(s, 5);
    assert.deepEqual(out, ['2027-01-31T18:00:00.000Z', '2027-02-28T18:00:00.000Z', '2027-03-31T18:00:00.000Z']);
    assert.equal(last, undefined);
  });

  test('R/P1Y from Feb 29 is Feb 28 in common years and Feb 29 again in the leap year', () => {
    const s = firstSchedule({ kind: 'cycle', text: 'R/2028-02-29T00:00:00Z/P1Y' }, at('2028-01-01T00:00:00Z'));
    assert.deepEqual(fire(s, 5).out, ['2028-02-29T00:00:00.000Z', '2029-02-28T00:00:00.000Z', '2030-02-28T00:00:00.000Z',
      '2031-02-28T00:00:00.000Z', '2032-02-29T00:00:00.000Z']);
  });

  test('a cycle with months and a time part adds k months and k times the time part to the anchor', () => {
    const s = firstSchedule({ kind: 'cycle', text: 'R4/2026-01-31T00:00:00Z/P1MT1H' }, at('2026-01-01T00:00:00Z'));
    assert.deepEqual(fire(s, 4).out, ['2026-01-31T00:00:00.000Z', '2026-02-28T01:00:00.000Z', '2026-03-31T02:00:00.000Z', '2026-04-30T03:00:00.000Z']);
  });

  test('fixed-length cycles stay exact; a period stored without an anchor still re-arms', () => {
    const s = firstSchedule({ kind: 'cycle', text: 'R2/PT10M' }, at('2026-02-28T23:55:00Z'));
    assert.deepEqual(fire(s, 3).out, ['2026-03-01T00:05:00.000Z', '2026-03-01T00:15:00.000Z']);
    assert.equal(nextSchedule({ due: at('2026-01-31T00:00:00Z'), repeat: -1, period: 'P1M' })!.due.toISOString(), '2026-02-28T00:00:00.000Z');
    // a late re-arm far from the anchor finds the next k after the previous due time
    const far = nextSchedule({ due: at('2036-01-31T08:00:00Z'), repeat: -1, period: '2026-01-31T08:00:00.000Z/P1M' })!;
    assert.equal(far.due.toISOString(), '2036-02-29T08:00:00.000Z');
    assert.ok(s.period!.length <= 64 && firstSchedule({ kind: 'cycle', text: 'R/P1M' }, at('2026-01-31T00:00:00Z')).period!.length <= 64);
  });

  test('bad cycles are refused', () => {
    for (const bad of ['R0/P1D', 'R/PT0S', 'P1D', 'R/x/P1D', 'R/2026-01-01T00:00:00Z/P1.5M', '0 0 * * *'])
      assert.throws(() => firstSchedule({ kind: 'cycle', text: bad }, at('2026-01-01T00:00:00Z')), Error, bad);
  });
});

describe('the calendar is the server time zone\'s (TZ), like a Java Calendar', () => {
  describe('Asia/Shanghai', () => {
    zone('Asia/Shanghai');
    test('a month from a local month end before 08:00 (still Jan 30 in UTC) is the local Feb 28, not Mar 1', () => {
      assert.equal(add('2026-01-31T07:00:00+08:00', 'P1M'), '2026-02-27T23:00:00.000Z'); // Feb 28 07:00 local
      assert.equal(add('2028-01-31T07:00:00+08:00', 'P1M'), '2028-02-28T23:00:00.000Z'); // Feb 29 07:00 local
      assert.equal(add('2026-03-31T23:30:00+08:00', 'P1M'), '2026-04-30T15:30:00.000Z'); // Apr 30 23:30 local
      const s = firstSchedule({ kind: 'cycle', text: 'R3/2026-01-31T00:00:00+08:00/P1M' }, at('2026-01-01T00:00:00Z'));
      const second = nextSchedule(s)!;
      assert.deepEqual([second.due.toISOString(), nextSchedule(second)!.due.toISOString()], ['2026-02-27T16:00:00.000Z', '2026-03-30T16:00:00.000Z']);
    });
  });

  describe('Europe/Berlin (daylight saving on 2026-03-29)', () => {
    zone('Europe/Berlin');
    test('P1D keeps the local time across the change, PT24H is exactly 24 hours; a daily cycle stays at 09:00', () => {
      assert.equal(add('2026-03-28T09:00:00+01:00', 'P1D'), '2026-03-29T07:00:00.000Z'); // 09:00 CEST
      assert.equal(add('2026-03-28T09:00:00+01:00', 'PT24H'), '2026-03-29T08:00:00.000Z'); // 10:00 CEST
      assert.equal(add('2026-01-31T09:00:00+01:00', 'P2M'), '2026-03-31T07:00:00.000Z'); // Mar 31 09:00 CEST
      const s = firstSchedule({ kind: 'cycle', text: 'R/2026-03-27T09:00:00+01:00/P1D' }, at('2026-03-01T00:00:00Z'));
      const days = [s];
      for (let i = 0; i < 3; i++) days.push(nextSchedule(days[i]!)!);
      assert.deepEqual(days.map((d) => d.due.toISOString()), ['2026-03-27T08:00:00.000Z', '2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    });
  });
});
