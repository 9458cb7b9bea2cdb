import assert from 'node:assert/strict';
import { readTrace, epochMs } from '../../../../src/model/trace/readTrace';
import { readTraceMeta } from '../../../../src/model/trace/readTraceMeta';
import { errorSpanOf, MAX_SPANS } from '../../../../src/model/trace/trace';

const TRACE = 'b4d1aae7216b47ff8117cf4e09ce9d0b';

/**
 * The `trace/` answer as getsentry/sentry-mcp's fixture packages/mcp-server-mocks/src/fixtures/trace-mixed.json
 * has it (a root span with a child, then a standalone issue), shortened to the fields read.
 */
function mixed(): unknown[] {
  return [
    {
      children: [
        {
          children: [],
          errors: [],
          occurrences: [],
          event_id: 'aa8e7f3384ef4ff5850ba966b29ed10d',
          transaction_id: 'aa8e7f3384ef4ff5850ba966b29ed10d',
          project_id: 4509109107622913,
          project_slug: 'mcp-server',
          parent_span_id: 'a4d1aae7216b47ff',
          start_timestamp: 1713805458.405616,
          end_timestamp: 1713805463.608875,
          description: 'POST https://api.openai.com/v1/chat/completions?api_key=sk-abcdefabcdefabcdef123456',
          duration: 1708,
          span_id: 'ad0f7c48fb294de3',
          op: 'http.client',
          status: null,
          is_segment: true,
        },
      ],
      errors: [],
      occurrences: [],
      event_id: 'aa8e7f3384ef4ff5850ba966b29ed10d',
      transaction_id: 'aa8e7f3384ef4ff5850ba966b29ed10d',
      project_slug: 'mcp-server',
      parent_span_id: null,
      start_timestamp: 1713805458.405616,
      end_timestamp: 1713805463.608875,
      description: 'tools/call search_events',
      duration: 5203,
      span_id: 'aa8e7f3384ef4ff5',
      op: 'function',
      status: null,
      is_segment: true,
    },
    {
      id: 6507376925,
      issue_id: 6507376925,
      project_id: 4509109107622913,
      project_slug: 'mcp-server',
      title: 'Error: Standalone issue not associated with spans',
      culprit: 'standalone-error.js:42',
      type: 'error',
      timestamp: 1713805460.123456,
    },
  ];
}

/** `SerializedSpan` with an error and an occurrence in it (src/sentry/snuba/trace.py), ISO timestamps as the OpenAPI example sends them. */
function withError(): unknown[] {
  return [
    {
      event_id: '0123456789abcdef',
      event_type: 'span',
      transaction_id: '280027d94f30428c83a2de46f932612a',
      project_id: 1,
      project_slug: 'backend',
      transaction: 'POST /checkout',
      description: 'POST /checkout',
      op: 'http.server',
      name: 'http.server',
      parent_span_id: null,
      is_transaction: true,
      start_timestamp: '2026-04-15T18:22:31.000000Z',
      end_timestamp: '2026-04-15T18:22:31.250000Z',
      duration: 250.0,
      measurements: {},
      additional_attributes: {},
      children: [
        {
          event_id: '1111222233334444',
          event_type: 'span',
          project_slug: 'backend',
          op: 'db',
          description: "SELECT * FROM users WHERE password = 'hunter2hunter2'",
          parent_span_id: '0123456789abcdef',
          is_transaction: false,
          start_timestamp: 1776277351.05,
          end_timestamp: 1776277351.15,
          duration: 100,
          additional_attributes: { 'code.filepath': 'app/models/user.py', 'code.lineno': 42, 'code.function': 'find_user', 'db.system': 'postgresql', api_token: 'abc123secret' },
          children: [],
          errors: [
            {
              event_id: 'e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7',
              event_type: 'error',
              issue_id: 42,
              project_slug: 'backend',
              start_timestamp: 1776277351.1,
              description: 'DatabaseError: connection reset',
              level: 'error',
              short_id: 'BACKEND-1A',
              culprit: 'find_user',
            },
          ],
          occurrences: [],
        },
      ],
      errors: [],
      occurrences: [
        { event_id: '99999999999999999999999999999999', event_type: 'occurrence', issue_id: 7, description: 'N+1 Query', level: 'info', start_timestamp: 1776277351.0, short_id: 'BACKEND-2' },
      ],
    },
  ];
}

/** The older `events-trace/` answer: `FullResponse` transactions and `orphan_errors` (src/sentry/api/endpoints/organization_events_trace.py). */
function legacy(): unknown {
  return {
    transactions: [
      {
        event_id: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        span_id: 'aaaaaaaaaaaaaaaa',
        transaction: '/api/checkout',
        'transaction.duration': 300,
        'transaction.op': 'http.server',
        'transaction.status': 'internal_error',
        project_id: 1,
        project_slug: 'web',
        parent_span_id: null,
        parent_event_id: null,
        generation: 0,
        timestamp: 1700000000.3,
        start_timestamp: 1700000000.0,
        errors: [
          {
            event_id: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
            issue_id: 5,
            span: 'aaaaaaaaaaaaaaaa',
            project_id: 1,
            project_slug: 'web',
            title: 'TypeError: x is undefined',
            level: 'error',
            timestamp: 1700000000.2,
            event_type: 'error',
            generation: 0,
          },
        ],
        performance_issues: [
          {
            event_id: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
            issue_id: 6,
            issue_short_id: 'WEB-6',
            span: ['cccccccccccccccc'],
            suspect_spans: [],
            project_id: 1,
            project_slug: 'web',
            title: 'Slow DB Query',
            level: 'info',
            culprit: 'x',
            type: 1006,
            start: 1700000000.05,
            end: 1700000000.25,
          },
        ],
        children: [
          {
            event_id: 'dddddddddddddddddddddddddddddddd',
            span_id: 'dddddddddddddddd',
            transaction: 'worker.task',
            'transaction.duration': 50,
            'transaction.op': 'queue.task',
            project_slug: 'worker',
            parent_span_id: 'aaaaaaaaaaaaaaaa',
            timestamp: '2023-11-14T22:13:20.250000+00:00',
            start_timestamp: '2023-11-14T22:13:20.200000+00:00',
            errors: [],
            performance_issues: [],
            children: [],
          },
        ],
      },
    ],
    orphan_errors: [{ event_id: 'ffffffffffffffffffffffffffffffff', issue_id: 9, span: '1234123412341234', project_slug: 'web', title: 'Orphan', level: 'warning', timestamp: 1700000001 }],
  };
}

describe('model/trace: readTrace', () => {
  it('reads the trace/ answer in tree order with depths, and a standalone issue beside it (sentry-mcp trace-mixed.json)', () => {
    const t = readTrace(mixed(), TRACE.toUpperCase());
    assert.equal(t.traceId, TRACE);
    assert.equal(t.shape, 'spans');
    assert.deepEqual(
      t.spans.map((s) => [s.spanId, s.depth, s.op, s.parentSpanId]),
      [
        ['aa8e7f3384ef4ff5', 0, 'function', undefined],
        ['ad0f7c48fb294de3', 1, 'http.client', 'a4d1aae7216b47ff'],
      ],
    );
    assert.equal(t.spans[0].duration, 5203);
    assert.equal(t.spans[0].start, 1713805458405.616);
    assert.equal(t.start, 1713805458405.616);
    assert.equal(t.issues.length, 1);
    assert.deepEqual(t.issues[0], {
      kind: 'error',
      issueId: '6507376925',
      title: 'Error: Standalone issue not associated with spans',
      culprit: 'standalone-error.js:42',
      project: 'mcp-server',
      timestamp: 1713805460123.456,
    });
    // The description's API key is masked where it entered.
    assert.ok(!t.spans[1].description.includes('sk-abcdef'), t.spans[1].description);
    assert.ok(t.masked >= 1);
  });

  it('reads errors and occurrences of SerializedSpan, ISO timestamps, code attributes, and masks attributes', () => {
    const t = readTrace(withError(), TRACE);
    assert.equal(t.spans.length, 2);
    const [root, db] = t.spans;
    assert.equal(root.start, Date.parse('2026-04-15T18:22:31Z'));
    assert.equal(root.isTransaction, true);
    assert.equal(root.transactionId, '280027d94f30428c83a2de46f932612a');
    assert.deepEqual(db.code, { file: 'app/models/user.py', line: 42, function: 'find_user' });
    assert.deepEqual(db.attributes, [
      ['db.system', 'postgresql'],
      ['api_token', '[masked]'],
    ]);
    assert.ok(!db.description.includes('hunter2hunter2'), db.description);
    assert.equal(db.errorCount, 1);
    assert.equal(root.errorCount, 0);
    const error = t.issues.find((i) => i.kind === 'error')!;
    assert.deepEqual(error, {
      kind: 'error',
      eventId: 'e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7',
      issueId: '42',
      shortId: 'BACKEND-1A',
      title: 'DatabaseError: connection reset',
      level: 'error',
      culprit: 'find_user',
      project: 'backend',
      spanId: '1111222233334444',
      timestamp: 1776277351100,
    });
    assert.equal(t.issues.find((i) => i.kind === 'performance')?.shortId, 'BACKEND-2');
    assert.equal(errorSpanOf(t, 'E7E7E7E7E7E7E7E7E7E7E7E7E7E7E7E7')?.spanId, '1111222233334444');
    assert.equal(errorSpanOf(t, '00000000000000000000000000000000'), undefined);
  });

  it('reads the older events-trace/ transactions with errors, performance issues and orphan errors', () => {
    const t = readTrace(legacy(), TRACE);
    assert.equal(t.shape, 'transactions');
    assert.deepEqual(
      t.spans.map((s) => [s.op, s.description, s.depth, s.duration, s.project, s.status]),
      [
        ['http.server', '/api/checkout', 0, 300, 'web', 'internal_error'],
        ['queue.task', 'worker.task', 1, 50, 'worker', undefined],
      ],
    );
    assert.equal(t.spans[1].start, Date.parse('2023-11-14T22:13:20.200Z'));
    assert.equal(t.spans[0].errorCount, 1);
    assert.deepEqual(
      t.issues.map((i) => [i.kind, i.title, i.spanId]),
      [
        ['error', 'TypeError: x is undefined', 'aaaaaaaaaaaaaaaa'],
        ['performance', 'Slow DB Query', 'cccccccccccccccc'],
        ['error', 'Orphan', '1234123412341234'],
      ],
    );
    // The oldest servers: one list, orphan errors at its end.
    const old = readTrace([...(legacy() as { transactions: unknown[] }).transactions, ...(legacy() as { orphan_errors: unknown[] }).orphan_errors], TRACE);
    assert.equal(old.shape, 'transactions');
    assert.equal(old.spans.length, 2);
    assert.equal(old.issues.length, 3);
  });

  it('bounds a huge or looping tree and never recurses', () => {
    const loop: Record<string, unknown> = { span_id: '1234567890abcdef', op: 'loop', children: [] };
    (loop.children as unknown[]).push(loop);
    const t = readTrace([loop], TRACE);
    assert.equal(t.cut, true);
    assert.ok(t.spans.length <= MAX_SPANS);
    // A chain deeper than any stack.
    let deep: Record<string, unknown> = { span_id: '0000000000000001', op: 'leaf', children: [] };
    for (let i = 0; i < 50_000; i++) deep = { span_id: i.toString(16).padStart(16, '0'), op: 'x', children: [deep] };
    const d = readTrace([deep], TRACE);
    assert.equal(d.spans.length, MAX_SPANS);
    assert.equal(d.cut, true);
    assert.ok(d.spans.every((s) => s.depth <= 256));
  });

  it('reads anything else as an empty trace', () => {
    for (const v of [null, 'x', 42, { detail: 'nope' }, [1, 'a', null]]) {
      const t = readTrace(v, TRACE);
      assert.equal(t.spans.length, 0);
      assert.equal(t.start, 0);
    }
  });

  it('epochMs reads epoch seconds and ISO dates only', () => {
    assert.equal(epochMs(1.5), 1500);
    assert.equal(epochMs('1700000000.5'), 1700000000500);
    assert.equal(epochMs('2026-04-15T18:22:31.250000Z'), Date.parse('2026-04-15T18:22:31.250Z'));
    assert.equal(epochMs('soon'), undefined);
    assert.equal(epochMs(NaN), undefined);
  });
});

describe('model/trace: readTraceMeta', () => {
  it('reads the camelCase answer (src/sentry/apidocs/examples/trace_examples.py TRACE_META)', () => {
    const m = readTraceMeta({
      errorsCount: 0,
      logsCount: 5.0,
      metricsCount: 0,
      performanceIssuesCount: 0,
      spansCount: 195.0,
      transactionChildCountMap: [{ 'transaction.event_id': '280027d94f30428c83a2de46f932612a', 'count()': 7.0 }],
      spansCountMap: { db: 58.0, 'cache.get': 56.0, 'http.server': 6.0 },
    });
    assert.deepEqual(m, {
      errors: 0,
      performanceIssues: 0,
      spans: 195,
      logs: 5,
      spansByOp: [
        ['db', 58],
        ['cache.get', 56],
        ['http.server', 6],
      ],
    });
  });

  it('reads the snake_case answer (sentry-mcp trace-meta-with-nulls.json) and the older events-trace-meta', () => {
    const m = readTraceMeta({
      logs: 0,
      errors: 2,
      performance_issues: 0,
      span_count: 85,
      transaction_child_count_map: [{ 'transaction.event_id': null, 'count()': 15.0 }],
      span_count_map: { 'cache.get': 30.0, db: 10.0 },
    });
    assert.equal(m.errors, 2);
    assert.equal(m.spans, 85);
    assert.deepEqual(m.spansByOp[0], ['cache.get', 30]);
    const old = readTraceMeta({ projects: 2, transactions: 21, errors: 3, performance_issues: 1 });
    assert.deepEqual(old, { errors: 3, performanceIssues: 1, spans: 21, logs: 0, spansByOp: [] });
    assert.deepEqual(readTraceMeta({ errorsCount: null, spansCount: 'x' }), { errors: 0, performanceIssues: 0, spans: 0, logs: 0, spansByOp: [] });
  });
});
