import { featureBoundaries } from './feature-boundaries.js';

/** The project's own lint rules, for what no published rule can express. */
export const portalPlugin = {
  meta: { name: 'portal' },
  rules: {
    'feature-boundaries': featureBoundaries,
  },
};
