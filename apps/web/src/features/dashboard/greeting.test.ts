// DESIGN §5: morning 05–11, afternoon 12–17, evening otherwise, in local time.
import { describe, expect, it } from 'vitest';
import { firstName, greetingFor } from './greeting';

const at = (hours: number, minutes: number) => new Date(2024, 5, 10, hours, minutes);

describe('greetingFor', () => {
  it.each([
    ['00:00', at(0, 0), 'evening'],
    ['04:59', at(4, 59), 'evening'],
    ['05:00', at(5, 0), 'morning'],
    ['11:59', at(11, 59), 'morning'],
    ['12:00', at(12, 0), 'afternoon'],
    ['17:59', at(17, 59), 'afternoon'],
    ['18:00', at(18, 0), 'evening'],
    ['23:00', at(23, 0), 'evening'],
  ])('greets at %s with %s', (_time, time, greeting) => {
    expect(greetingFor(time)).toBe(greeting);
  });
});

describe('firstName', () => {
  it.each([
    ['Karin Lund', 'Karin'],
    ['  Anna-Karin   Berg ', 'Anna-Karin'],
    ['Karin', 'Karin'],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('of %j is %j', (name, first) => {
    expect(firstName(name)).toBe(first);
  });
});
