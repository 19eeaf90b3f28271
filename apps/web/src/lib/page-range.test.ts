import { describe, expect, it } from 'vitest';
import { computePageRange } from './page-range';

describe('computePageRange', () => {
  it('counts the rows of a full page and of the shorter last one', () => {
    expect(computePageRange(1, 10, 45)).toEqual({ pageCount: 5, first: 1, last: 10 });
    expect(computePageRange(5, 10, 45)).toEqual({ pageCount: 5, first: 41, last: 45 });
  });

  it('keeps one page, showing nothing, for an empty list', () => {
    expect(computePageRange(1, 25, 0)).toEqual({ pageCount: 1, first: 0, last: 0 });
  });
});
