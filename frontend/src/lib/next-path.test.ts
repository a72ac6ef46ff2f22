import { describe, expect, it } from 'vitest';

import { authPath, safeNextPath } from '@/lib/next-path';

describe('safeNextPath', () => {
  it.each([
    ['?next=%2Fswiss%2F12', '/swiss/12'],
    ['?next=%2Fteams%2Fknights%3Ftab%3Dmembers', '/teams/knights?tab=members'],
    ['', '/'],
    ['?next=https%3A%2F%2Fevil.example', '/'],
    ['?next=%2F%2Fevil.example', '/'],
    ['?next=%2F%5Cevil.example', '/'],
  ])('%s -> %s', (search, expected) => {
    expect(safeNextPath(search)).toBe(expected);
  });
});

describe('authPath', () => {
  it('points back at the page it is built on', () => {
    expect(authPath('/login', { pathname: '/swiss/12', search: '', hash: '' })).toBe('/login?next=%2Fswiss%2F12');
  });
  it('keeps next between login and register', () => {
    expect(authPath('/register', { pathname: '/login', search: '?next=%2Fswiss%2F12', hash: '' })).toBe('/register?next=%2Fswiss%2F12');
  });
  it('is the bare page from the lobby', () => {
    expect(authPath('/login', { pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});
