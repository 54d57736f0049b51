/** A demo user's session cookie (`name=value`), signed in at a GraphQL endpoint (`…/graphql`). */
export async function signIn(graphqlUrl: string, email: string): Promise<string> {
  const res = await fetch(graphqlUrl, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { user { id } } }',
      variables: { email, password: 'spendscope-demo' },
    }),
  });
  const cookie = res.headers.get('set-cookie');
  if (!res.ok || !cookie) throw new Error(`Sign-in as ${email} failed (HTTP ${res.status}): ${await res.text()}`);
  return cookie.split(';')[0];
}
