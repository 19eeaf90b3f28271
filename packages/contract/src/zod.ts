import { config, z } from 'zod';

// In a browser the portal's content security policy forbids building code from strings, which
// zod tries (and the browser reports as a violation) when each object schema is made: there, it
// is told not to. Every schema of the contract takes zod from here, so this runs before the first
// one is made whichever files the web app's bundler splits them into. The server keeps the
// faster, compiled validators.
if (typeof window !== 'undefined') config({ jitless: true });

export { z };
