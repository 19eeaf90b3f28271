import { describe, expect, it } from 'vitest';
import { moveId } from './help-content-queries';

describe('moveId', () => {
  it('swaps an entry with its neighbour', () => {
    expect(moveId([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
  });

  it('leaves the order as it is past either end', () => {
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
