// The property's wall clock and the instant it stands for, across Stockholm's clock changes and in
// a zone west of UTC: what the form proposes and what it sends.
import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockInput } from './wall-clock';

const STOCKHOLM = 'Europe/Stockholm';

describe('the wall clock of an instant', () => {
  it('is the zone’s, to the minute', () => {
    expect(wallClockInput(Date.parse('2026-08-12T12:30:59Z'), STOCKHOLM)).toBe('2026-08-12T14:30');
    expect(wallClockInput(Date.parse('2026-01-15T07:05:00Z'), STOCKHOLM)).toBe('2026-01-15T08:05');
    expect(wallClockInput(Date.parse('2026-01-15T07:05:00Z'), 'America/New_York')).toBe(
      '2026-01-15T02:05',
    );
  });
});

describe('the instant of a wall-clock time', () => {
  it('carries the zone’s offset in summer and in winter', () => {
    expect(instantOfWallClock('2026-08-12T14:30', STOCKHOLM)).toBe('2026-08-12T14:30:00+02:00');
    expect(instantOfWallClock('2026-01-15T08:05', STOCKHOLM)).toBe('2026-01-15T08:05:00+01:00');
    expect(instantOfWallClock('2026-01-15T02:05:30', 'America/New_York')).toBe(
      '2026-01-15T02:05:30-05:00',
    );
  });

  it('reads the hour a spring change skips as after it, and the repeated autumn hour as its first', () => {
    // 29 March 2026: 02:00 winter time becomes 03:00 summer time.
    expect(instantOfWallClock('2026-03-29T02:30', STOCKHOLM)).toBe('2026-03-29T03:30:00+02:00');
    expect(instantOfWallClock('2026-03-29T01:59', STOCKHOLM)).toBe('2026-03-29T01:59:00+01:00');
    expect(instantOfWallClock('2026-03-29T03:00', STOCKHOLM)).toBe('2026-03-29T03:00:00+02:00');
    // 25 October 2026: 03:00 summer time becomes 02:00 winter time; 02:30 happens twice.
    expect(instantOfWallClock('2026-10-25T02:30', STOCKHOLM)).toBe('2026-10-25T02:30:00+02:00');
    expect(instantOfWallClock('2026-10-25T03:30', STOCKHOLM)).toBe('2026-10-25T03:30:00+01:00');
  });

  it('is no instant for what is no date and time', () => {
    for (const value of ['', '2026-08-12', '2026-06-31T10:00', '2026-08-12T24:10', 'i går'])
      expect(instantOfWallClock(value, STOCKHOLM)).toBeUndefined();
  });
});
