import { afterAll, beforeAll } from 'vitest';

/**
 * Opens a fixture before the tests of the file (or block) that calls this, and closes it after them.
 * The object returned is filled in once the fixture is open: tests read it, the code declaring them does not.
 */
export function useFixture<F extends { close(): Promise<void> }>(open: () => Promise<F>): F {
  const fixture = {} as F;
  beforeAll(async () => {
    Object.assign(fixture, await open());
  });
  afterAll(() => fixture.close());
  return fixture;
}
