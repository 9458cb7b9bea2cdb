/** One HTTP exchange with a sandbox, for the sandbox's own suites: status, parsed JSON body, headers. */
export interface Answer {
  status: number;
  /** Any shape: the assertions read it. */
  body: any;
  headers: Headers;
}

/** `method path` on the sandbox at `base`, with an Authorization header when `auth` is given and a JSON body when `body` is. */
export async function exchange(base: string, method: string, path: string, auth: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
