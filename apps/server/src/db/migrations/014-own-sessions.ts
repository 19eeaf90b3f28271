/**
 * What a person sees of their own sessions and sign-ins: each session gets an id that may be
 * shown (the primary key is the hash of the secret cookie, which is never sent anywhere) and
 * the browser that opened it; each sign-in attempt keeps the browser and, once the code step
 * passed, the channel of its code.
 */
export const statements = [
  `ALTER TABLE sessions ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid()`,
  `ALTER TABLE sessions ADD COLUMN user_agent text`,
  `ALTER TABLE connection_log ADD COLUMN user_agent text`,
  `ALTER TABLE connection_log ADD COLUMN second_step text`,
];
