// Where sign-in leads back to: only paths of this app, never another host.
import { describe, expect, it } from 'vitest';
import { loginHref, loginNoticeFrom, returnPathFrom, safeReturnPath } from './login-navigation';

describe('safeReturnPath', () => {
  it.each(['/properties', '/property/p1/usage?from=2024', '/profile#top', '/'])(
    'accepts the path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['another host, protocol-relative', '//evil.example/portal'],
    ['another host with a backslash', '/\\evil.example'],
    ['a backslash further on', '/properties\\..\\x'],
    ['an absolute address', 'https://evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'properties'],
    ['a control character', '/properties\n'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_what, path) => {
    expect(safeReturnPath(path)).toBeUndefined();
  });
});

describe('loginHref', () => {
  it('carries the wanted page in ?next=', () => {
    expect(loginHref('/properties?organizationId=o1')).toBe(
      '/login?next=%2Fproperties%3ForganizationId%3Do1',
    );
  });

  it('is plain sign-in for the start page, nothing or an unsafe path', () => {
    expect(loginHref('/')).toBe('/login');
    expect(loginHref()).toBe('/login');
    expect(loginHref('//evil.example')).toBe('/login');
  });
});

describe('returnPathFrom', () => {
  it('is the safe ?next= path', () => {
    expect(returnPathFrom(new URLSearchParams('next=%2Fproperties'))).toBe('/properties');
  });

  it('is the dashboard without ?next= or with an unsafe one', () => {
    expect(returnPathFrom(new URLSearchParams())).toBe('/');
    expect(returnPathFrom(new URLSearchParams('next=%2F%2Fevil.example'))).toBe('/');
    expect(returnPathFrom(new URLSearchParams('next=https%3A%2F%2Fevil.example'))).toBe('/');
  });
});

describe('loginNoticeFrom', () => {
  it('reads the notices it knows from router state', () => {
    expect(loginNoticeFrom({ sessionEnded: true })).toEqual({ sessionEnded: true });
    expect(loginNoticeFrom({ passwordChanged: true, email: 'a@b.se' })).toEqual({
      passwordChanged: true,
      email: 'a@b.se',
    });
  });

  it('ignores anything else', () => {
    expect(loginNoticeFrom(null)).toEqual({});
    expect(loginNoticeFrom('sessionEnded')).toEqual({});
    expect(loginNoticeFrom({ sessionEnded: 'yes', email: 42, other: true })).toEqual({});
  });
});
