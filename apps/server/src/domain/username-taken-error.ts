/**
 * The database refused a user because another one, live or deleted, already has the username
 * (two people saving the same name at once). Raised by repositories, so that services decide
 * what the person hears without knowing how the database says it.
 */
export class UsernameTakenError extends Error {
  constructor(readonly username: string) {
    super(`The username ${username} is already taken.`);
    this.name = 'UsernameTakenError';
  }
}
