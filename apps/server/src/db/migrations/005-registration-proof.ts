/**
 * Registration step 2 accepts the e-mail code without using it up, and gives the visitor's browser
 * a secret that proves it. Only the secret's hash is kept, on the code it proves: the proof lives
 * exactly as long as the code, is bound to its address, and is used up with it by the final step.
 */
export const statements = [`ALTER TABLE one_time_codes ADD COLUMN proof_hash text`];
