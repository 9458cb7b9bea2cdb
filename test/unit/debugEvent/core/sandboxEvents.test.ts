// The adapter on the sandbox's own events, read over real HTTP by the API client (masked where they
// enter, as in the extension): every platform of the corpus (test/sandbox/platforms.ts) with its
// frames resolved by the one frame resolver on the platform workspace, a chain of three exceptions,
// and a message event with two threads.
import * as assert from 'node:assert/strict';
import { clientFor, describeEachProfile, useSandbox } from '../../api/sandbox';
import { PLATFORM_SPECS, platformFiles } from '../../../sandbox/platforms';
import { eventDetailSamples, SANDBOX_SECRET } from '../../../sandbox/eventDetails';
import { PathIndex } from '../../../../src/editor/core/pathIndex';
import { resolveInIndex } from '../../../../src/editor/core/frameResolver';
import { pathForms, readFrameFields } from '../../../../src/model/event/framePath';
import { codeMappingSources } from '../../../../src/model/event/mungedPath';
import type { RecordedFrame } from '../../../../src/model/event/recordedEvent';
import { Driver, plain } from './driver';

describeEachProfile('debugEvent/core: the sandbox events in the debugger', function (profile) {
  const sandbox = useSandbox({ profile, platforms: true });

  it('each platform stops at its crash frame, at the workspace file the one resolver names', async () => {
    const sb = sandbox.get();
    const client = clientFor(sb);
    const index = new PathIndex();
    platformFiles().forEach((f) => index.add(0, f));
    for (const spec of PLATFORM_SPECS) {
      const c = spec.cases[0];
      const issue = sb.seed.issuesOf(`${spec.key}-app`)[0];
      const raw = await client.getIssueEvent('acme', issue.id, 'latest');
      const d = new Driver(raw, {
        resolve: async (f: RecordedFrame) => {
          const fields = readFrameFields(f, (raw as any).platform, (raw as any).sdk?.name);
          const res = resolveInIndex(index, pathForms(fields), [], codeMappingSources(fields));
          return res.kind === 'file' ? `/ws/${res.file.path}` : undefined;
        },
      });
      await d.start();
      assert.equal(d.events('stopped')[0].body.reason, 'exception', spec.key);
      const frames = await d.stack();
      const top = frames.find((f) => f.presentationHint !== 'subtle' && f.presentationHint !== 'label');
      assert.ok(top, spec.key);
      assert.equal(top.name, c.frame.function, spec.key);
      assert.equal(top.line, c.frame.lineNo, spec.key);
      // Code mappings of the corpus are the server's, not asked here: a case that needs one resolves to a source of its lines.
      if (!c.codeMappings && c.expect) assert.equal(top.source.path, `/ws/${c.expect}`, spec.key);
      const info = await d.body('exceptionInfo', { threadId: 1 });
      assert.equal(info.exceptionId, spec.exception.type, spec.key);
    }
  });

  it('a chain of three exceptions: the last raised stops, its causes are inner exceptions', async () => {
    const sb = sandbox.get();
    const issue = eventDetailSamples(sb.seed).chained[0];
    const raw = await clientFor(sb).getIssueEvent('acme', issue.id, 'latest');
    const d = new Driver(raw);
    await d.start();
    const info = await d.body('exceptionInfo', { threadId: 1 });
    const chain = (raw as any).entries.find((e: any) => e.type === 'exception')!.data.values as any[];
    assert.equal(chain.length, 3);
    assert.equal(info.exceptionId, chain[2].type);
    assert.equal(info.details.innerException[0].typeName, chain[1].type);
    assert.equal(info.details.innerException[0].innerException[0].typeName, chain[0].type);
    // The in-app frame with the sandbox's secrets in its vars: masked.
    const frames = await d.stack();
    for (const f of frames.slice(0, 5)) {
      const scopes = (await d.body('scopes', { frameId: f.id })).scopes;
      await d.body('variables', { variablesReference: scopes[0].variablesReference });
      const event = await d.body('variables', { variablesReference: scopes[1].variablesReference });
      for (const v of event.variables) if (v.variablesReference) await d.body('variables', { variablesReference: v.variablesReference });
    }
    assert.ok(!JSON.stringify(d.messages).includes(SANDBOX_SECRET));
  });

  it('a message event with threads: both threads, each with its own frames', async () => {
    const sb = sandbox.get();
    const issue = eventDetailSamples(sb.seed).threads[0];
    const raw = await clientFor(sb).getIssueEvent('acme', issue.id, 'latest');
    const d = new Driver(raw);
    await d.start();
    const { threads } = await d.body('threads');
    const served = (raw as any).entries.find((e: any) => e.type === 'threads')!.data.values as any[];
    assert.deepEqual(
      threads.map((t: any) => plain(t.name)),
      served.map((t) => t.name),
    );
    for (const t of threads) assert.equal((await d.stack(t.id)).length, served[t.id - 1].stacktrace.frames.length);
    const info = await d.body('exceptionInfo', { threadId: 1 });
    assert.equal(info.exceptionId, 'Event');
  });
});
