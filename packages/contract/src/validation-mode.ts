import { config } from 'zod';

// In a browser the portal's content security policy forbids building code from strings, which
// zod tries (and the browser reports as a violation) when each object schema is made: there,
// it is told not to, before the first schema below is made. The server keeps the faster,
// compiled validators.
if (typeof window !== 'undefined') config({ jitless: true });
