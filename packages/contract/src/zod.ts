import * as z from 'zod/mini';

// The contract's schemas are written with zod's mini API: its checks are functions, which a bundler
// leaves out of the web app when no screen calls them, where the classic API's schemas carry every
// method. Zod's English messages come with the classic API only: the server, whose own settings use
// it, answers with them; in a browser an issue the contract gives no translation key reads "Invalid
// input" (every rule a form shows names its key).
//
// In a browser the portal's content security policy forbids building code from strings. Mini's
// schemas never do; the classic API's objects would, so there zod is told not to, should one ever
// reach the page. Every schema of the contract takes zod from here, so this runs before the first
// one is made whichever files the web app's bundler splits them into.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
