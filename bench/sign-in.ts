/** Signs a demo or bench person in with its password over real HTTP; the session cookie to send. */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login/processlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ UserName: username, Password: 'Portal#2026' }),
  });
  if (!response.ok) throw new Error(`bench sign-in of ${username} failed: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
