// The text a CSV export writes for a name: anything a spreadsheet would take for a formula starts
// with an apostrophe, which the spreadsheet shows as nothing and which stops the formula (OWASP
// CSV injection); every other name is written as it is.
import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './export-cells';

describe('neutraliseFormula', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example","Lgh")'],
    ['+', '+SUM(1,2)'],
    ['-', "-2+3+cmd|' /C calc'!A0"],
    ['@', '@SUM(A1:A9)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('puts an apostrophe before a name starting with %s', (_, name) => {
    expect(neutraliseFormula(name)).toBe(`'${name}`);
  });

  it.each([
    'Lgh 1001',
    'Tvättstuga 2',
    "'=already quoted",
    'a=b+c-d@e',
    '',
    '<img src=x onerror=alert(1)>',
  ])('leaves %j as it is', (name) => {
    expect(neutraliseFormula(name)).toBe(name);
  });
});
