import { describe, expect, it } from 'vitest';
import { addressOf, isActivePath, parseLocation } from './route-location';

describe('parseLocation', () => {
  it('splits an address into its path and query, and keeps the state passed along', () => {
    expect(parseLocation('/resetPassword?token=abc', { noticeKey: 'x' })).toEqual({
      pathname: '/resetPassword',
      search: '?token=abc',
      state: { noticeKey: 'x' },
    });
  });

  it('reads an empty hash as the home page and a bare word as a path', () => {
    expect(parseLocation('')).toEqual({ pathname: '/', search: '', state: null });
    expect(parseLocation('main-content').pathname).toBe('/main-content');
  });

  it('drops a fragment after a second #', () => {
    expect(parseLocation('/faq?q=1#answer')).toMatchObject({ pathname: '/faq', search: '?q=1' });
  });

  it('writes a location back as the address after #', () => {
    expect(addressOf(parseLocation('/digest/unsubscribe?token=t'))).toBe('/digest/unsubscribe?token=t');
  });
});

describe('isActivePath', () => {
  it('marks the link to the page on screen and, unless `end`, the links to the pages above it', () => {
    expect(isActivePath('/console/brands', '/console/brands', true)).toBe(true);
    expect(isActivePath('/console/brands', '/console')).toBe(true);
    expect(isActivePath('/console/brands', '/console', true)).toBe(false);
  });

  it('does not take a longer name for a page below', () => {
    expect(isActivePath('/reportsArchive', '/reports')).toBe(false);
  });

  it('marks the home link on the home page only', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/faq', '/')).toBe(false);
  });

  it('ignores letter case and the link’s query', () => {
    expect(isActivePath('/FAQ', '/faq?topic=1', true)).toBe(true);
  });
});
