/**
 * The server's API as browser tests use it to arrange and check what a page shows: JSON in, JSON
 * out, with a bearer token when one is given (a body makes it a POST).
 */
export function serverApi(base: () => string) {
  async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
    const response = await fetch(`${base()}/prod-api${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers: {
        "content-type": "application/json",
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return (await response.json()) as T;
  }
  /** Signs in through the real route (captcha off) and returns the token. */
  const login = async (username: string, password: string) =>
    (await api<{ data: { access_token: string } }>("/auth/admin/login", { body: { username, password } })).data
      .access_token;
  return { api, login };
}
