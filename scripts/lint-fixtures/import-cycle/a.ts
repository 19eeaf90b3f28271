// Planted for the lint-rule test: imports b, which imports this file back.
import { second } from './b.js';

export const first = (): string => `first, then ${second.name}`;
