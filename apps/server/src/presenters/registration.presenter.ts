/** The credentials the visitor typed, which the web signs in with right after registering. */
export function presentRegisteredAccount(account: { username: string; password: string }): { Username: string; Password: string } {
  return { Username: account.username, Password: account.password };
}
