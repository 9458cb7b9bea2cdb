// One request to the sandbox checked against the document: the request's parameters, the answer's
// status and the answer's body. Problems are collected, so one failing test lists all of them.
import assert from 'node:assert/strict';
import type { RequestLogEntry, Sandbox } from '../../sandbox/index';
import { ALLOWANCES, NOT_IN_DOCUMENT } from './allowances';
import { checkRequest, checkRequestBody, checkResponse, checkStatus, operationFor, responseSchema, templateMatcher, type Operation, type ResponsePatch } from './openapi';

const undocumented = NOT_IN_DOCUMENT.map((entry) => {
  const [method, template] = entry.split(' ');
  return { method, re: templateMatcher(template) };
});

export function isUndocumented(method: string, path: string): boolean {
  return undocumented.some((u) => u.method === method && u.re.test(path));
}

/**
 * Problems of one answer. An allowance's patch names properties of the object the document describes:
 * the body itself, or for a list (an array schema) each of its items, checked one by one.
 */
function responseProblems(op: Operation, status: number, body: unknown, patch: ResponsePatch | undefined): string[] {
  const schema = responseSchema(op, status);
  const items = schema?.type === 'array' ? schema.items : undefined;
  if (!patch || !Array.isArray(body) || !items || typeof items !== 'object' || Array.isArray(items)) return checkResponse(op, status, body, patch);
  const itemOp: Operation = { ...op, label: `${op.label} item`, responses: { [String(status)]: { content: { 'application/json': { schema: items } } } } };
  return body.flatMap((item, k) => checkResponse(itemOp, status, item, patch).map((p) => `${p} (item ${k})`));
}

export class Exchanges {
  readonly problems: string[] = [];
  /** Answers seen, by operation label and status: what the suite covered. */
  readonly seen = new Map<string, number>();

  constructor(private readonly sb: Sandbox) {}

  /** GET (or replay) one request and check request, status and body; returns the status and body. */
  async send(method: string, pathAndQuery: string, authorization: string | null, json?: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
    const url = new URL(pathAndQuery, this.sb.url);
    const headers: Record<string, string> = authorization ? { authorization } : {};
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text);
    this.check({ method, path: url.pathname, query: [...url.searchParams] }, res.status, body, { params: false });
    return { status: res.status, body, headers: res.headers };
  }

  /** Checks a request the client sent (from the sandbox's log) and replays it to check the answer. */
  async replay(entry: RequestLogEntry): Promise<void> {
    this.check(entry, undefined, undefined, { params: true });
    const qs = new URLSearchParams(entry.query).toString();
    const headers: Record<string, string> = entry.headers.authorization ? { authorization: entry.headers.authorization } : {};
    if (entry.headers['content-type']) headers['content-type'] = entry.headers['content-type'];
    const res = await fetch(new URL(`${entry.path}${qs ? `?${qs}` : ''}`, this.sb.url), { method: entry.method, headers, body: entry.body });
    const text = await res.text();
    if (res.status !== entry.status) this.problems.push(`${entry.method} ${entry.path}?${qs}: replayed answer ${res.status}, the client got ${entry.status}`);
    const body = (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : text;
    this.check(entry, res.status, body, { params: false });
  }

  private check(req: { method: string; path: string; query: Array<[string, string]>; body?: string }, status: number | undefined, body: unknown, opts: { params: boolean }): void {
    const op = operationFor(req.method, req.path);
    if (!op) {
      if (!isUndocumented(req.method, req.path)) this.problems.push(`${req.method} ${req.path}: the OpenAPI document describes no such operation`);
      return;
    }
    const allowance = ALLOWANCES[`${op.method} ${op.template}`] ?? {};
    if (opts.params) {
      this.problems.push(...checkRequest(op, req, allowance));
      if (op.requestBody) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(req.body ?? '');
        } catch {
          parsed = req.body;
        }
        this.problems.push(...checkRequestBody(op, parsed, { partial: allowance.partialBody }));
      }
    }
    if (status === undefined) return;
    const key = `${op.label} ${status}`;
    this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
    const where = `${req.method} ${req.path}?${new URLSearchParams(req.query).toString()}`;
    for (const p of [...checkStatus(op, status, allowance.extraStatuses), ...responseProblems(op, status, body, status === 200 ? allowance.response : undefined)])
      this.problems.push(`${p} (for ${where})`);
  }

  assertClean(): void {
    const shown = this.problems.slice(0, 20);
    assert.deepEqual(shown, [], `${this.problems.length} contract problem(s):\n${shown.join('\n')}`);
  }
}
