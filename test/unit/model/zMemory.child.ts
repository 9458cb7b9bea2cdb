/**
 * The measuring half of zMemory.test.ts, in a child process of its own (a fresh heap, so that a
 * collection measures this test's objects only): `node --import tsx --expose-gc zMemory.child.ts`.
 * Prints, as one JSON line, the heap a page of 100 issues holds once read by IssueListSchema and
 * once by JSON.parse alone, in bytes per issue.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from '../../../src/model/z';
import { IssueListSchema } from '../../../src/model/issue/schema';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');
// A real issue of Sentry's documentation (test/fixtures/project-issues.json), with its 24 hourly stats pairs.
const [issue] = JSON.parse(readFileSync(join(__dirname, '../../fixtures/project-issues.json'), 'utf8')) as Record<string, unknown>[];
const page = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ ...issue, id: String(i + 1) })));
const PAGES = 40;

function perIssue(read: () => unknown): number {
  collect!();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = [];
  for (let i = 0; i < PAGES; i++) kept.push(read());
  collect!();
  const bytes = process.memoryUsage().heapUsed - before;
  if (kept.length !== PAGES) throw new Error('lost a page');
  return bytes / (PAGES * 100);
}

z.parse(IssueListSchema, JSON.parse(page)); // builds the schema once, outside the measure
const json = perIssue(() => JSON.parse(page));
const parsed = perIssue(() => z.parse(IssueListSchema, JSON.parse(page)));
console.log(JSON.stringify({ json, parsed }));
