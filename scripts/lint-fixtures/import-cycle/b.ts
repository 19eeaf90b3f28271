// Planted for the lint-rule test: imports a, which imports this file back.
import { first } from './a.js';

export function second(): string {
  return first();
}
