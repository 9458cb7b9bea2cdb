import * as assert from 'node:assert/strict';
import { Driver, plain } from './driver';
import { ANDROID_THREADS, DOTNET, PYTHON_MODERN, asServed } from './samples';
import { MAX_FRAMES, MAX_PAIRS, MAX_THREADS } from '../../../../src/model/event/eventReader';
import { TOO_DEEP } from '../../../../src/util/boundedJson';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe('debugEvent/core/adapter: a recorded event in the Debug Adapter Protocol', () => {
  describe('Python (python-modern.json)', () => {
    it('stops at once with reason exception, on thread 1, after the breadcrumbs', async () => {
      const d = new Driver(asServed(PYTHON_MODERN));
      const caps = await d.start();
      assert.equal(caps.supportsStepBack, false);
      assert.equal(caps.supportsEvaluateForHovers, true);
      assert.equal(caps.supportsExceptionInfoRequest, true);
      const [stopped] = d.events('stopped');
      assert.equal(stopped.body.reason, 'exception');
      assert.equal(stopped.body.threadId, 1);
      assert.equal(plain(stopped.body.text), 'Exception: This is an example Python exception');
      const output = d.events('output').map((e) => [e.body.category, plain(e.body.output)]);
      const crumb = output.find(([, text]) => text.includes('This is an example breadcrumb'));
      assert.ok(crumb, JSON.stringify(output));
      assert.equal(crumb[0], 'stdout', 'an info breadcrumb is plain output');
      assert.ok(d.messages.indexOf(d.events('output').at(-1)) < d.messages.indexOf(stopped), 'the breadcrumbs come before the stop');
    });

    it('the stack is newest first, at the workspace file the resolver names, else at a read-only source of the kept lines', async () => {
      const resolved: unknown[] = [];
      const d = new Driver(asServed(PYTHON_MODERN), {
        resolve: async (f) => {
          resolved.push(f);
          return f.function === 'main' ? '/ws/main.py' : undefined;
        },
      });
      await d.start();
      const [main, module] = await d.stack();
      assert.equal(main.name, 'main');
      assert.equal(main.line, 26);
      assert.deepEqual(main.source, { name: 'main.py', path: '/ws/main.py' });
      assert.equal(main.presentationHint, undefined, 'an in-app frame is not de-emphasised');
      assert.equal(module.name, '<module>');
      assert.ok(module.source.sourceReference > 0, 'a frame outside the workspace opens a source of its kept lines');
      assert.equal(module.source.path, undefined);
      const { content } = await d.body('source', { source: module.source, sourceReference: module.source.sourceReference });
      const lines = content.split('\n');
      assert.equal(lines[28 - 1], 'main()', 'each kept line at its own number');
      assert.equal(lines[26 - 1], "    raise Exception('This is an example Python exception')");
      assert.equal(lines[0], '');
      assert.equal(resolved.length, 2);
    });

    it("what inline values need of a frame: its variables' names and how many lines Sentry kept before its own", async () => {
      const d = new Driver(asServed(PYTHON_MODERN));
      await d.start();
      const [main] = await d.stack();
      assert.deepEqual(d.adapter.localNames(main.id), ['dict_var', 'int_var', 'list_var', 'str_var']);
      const raw = PYTHON_MODERN.exception.values[0].stacktrace.frames.at(-1);
      assert.equal(d.adapter.linesKeptBefore(main.id), raw.pre_context.length);
      assert.equal(d.adapter.linesKeptBefore(9999), undefined, 'an unknown frame');
    });

    it('refreshVariables asks the client to read variables again (DAP invalidated), only of a client that takes the event, once stopped', async () => {
      const d = new Driver(asServed(PYTHON_MODERN));
      d.adapter.refreshVariables();
      assert.equal(d.events('invalidated').length, 0, 'not before the stop');
      await d.body('initialize', { adapterID: 'sentry-event', supportsInvalidatedEvent: true });
      await d.body('launch', {});
      await d.body('configurationDone');
      await d.stack();
      d.adapter.refreshVariables();
      assert.deepEqual(
        d.events('invalidated').map((e) => e.body),
        [{ areas: ['variables'] }],
      );
      const old = new Driver(asServed(PYTHON_MODERN));
      await old.start();
      old.adapter.refreshVariables();
      assert.equal(old.events('invalidated').length, 0, 'a client that did not say it takes the event');
    });

    it("the frame's vars: dicts and lists expandable, leaves as the SDK wrote them", async () => {
      const d = new Driver(asServed(PYTHON_MODERN));
      await d.start();
      const [main] = await d.stack();
      const { rows } = await d.scope(main.id, 'Locals');
      const byName = Object.fromEntries(rows.map((r: any) => [r.name, r]));
      assert.deepEqual(Object.keys(byName), ['dict_var', 'int_var', 'list_var', 'str_var']);
      assert.equal(byName.int_var.value, '1');
      assert.equal(byName.int_var.variablesReference, 0);
      assert.equal(byName.str_var.value, "'Hello, world!'");
      assert.equal(byName.list_var.indexedVariables, 3);
      assert.deepEqual(
        (await d.children(byName.list_var.variablesReference)).map((v) => [v.name, v.value]),
        [
          ['0', '1'],
          ['1', '2'],
          ['2', '3'],
        ],
      );
      assert.deepEqual(
        (await d.children(byName.dict_var.variablesReference)).map((v) => [v.name, v.value]),
        [
          ['key1', "'value1'"],
          ['key2', "'value2'"],
          ['key3', "'value3'"],
        ],
      );
      const scopes = (await d.body('scopes', { frameId: main.id })).scopes;
      assert.deepEqual(
        scopes.map((s: any) => [s.name, s.expensive]),
        [
          ['Locals', false],
          ['Event', true],
        ],
      );
      const event = await d.children(scopes[1].variablesReference);
      assert.deepEqual(
        event.map((v) => v.name),
        ['tags', 'contexts'],
      );
      const tags = await d.children(event[0].variablesReference);
      assert.deepEqual(tags.find((t) => t.name === 'mechanism')?.value, 'excepthook');
    });

    it('exceptionInfo: type, value and mechanism; an unhandled one breaks as unhandled', async () => {
      const d = new Driver(asServed(PYTHON_MODERN));
      await d.start();
      const info = await d.body('exceptionInfo', { threadId: 1 });
      assert.equal(info.exceptionId, 'Exception');
      assert.equal(info.breakMode, 'unhandled');
      assert.equal(plain(info.description), 'This is an example Python exception\nMechanism: excepthook, unhandled');
      assert.equal(info.details.typeName, 'Exception');
      assert.equal(info.details.stackTrace, undefined, 'CALL STACK shows the stack; the widget would make links of its paths');
    });

    it('evaluate looks up a name or a path in the frame, and runs nothing', async () => {
      const d = new Driver(asServed(PYTHON_MODERN));
      await d.start();
      const [main, module] = await d.stack();
      const ev = (expression: string, frameId = main.id, context = 'hover') => d.send('evaluate', { expression, frameId, context });
      assert.equal((await ev('dict_var.key2')).body.result, "'value2'");
      assert.equal((await ev("dict_var['key3']")).body.result, "'value3'");
      assert.equal((await ev('list_var[2]')).body.result, '3');
      const list = (await ev('list_var')).body;
      assert.ok(list.variablesReference > 0);
      assert.equal(list.indexedVariables, 3);
      assert.equal((await ev('__name__', module.id)).body.result, "'__main__'");
      assert.equal((await ev('__name__')).success, false, "another frame's variable is not this frame's");
      for (const code of ['1 + 1', 'os.system("id")', 'print(int_var)', 'list_var.pop()', 'int_var = 2']) {
        const r = await ev(code, main.id, 'repl');
        assert.equal(r.success, false, code);
        assert.match(r.message, /nothing runs/, code);
      }
      const console = await d.send('evaluate', { expression: 'int_var', context: 'repl' });
      assert.equal(console.body.result, '1', 'without a frame: the frame the session stopped at');
      const missing = await ev('nope');
      assert.equal(missing.success, false);
      assert.match(missing.message, /did not record nope/);
    });

    it('continue, step and restart end the session: nothing runs', async () => {
      for (const command of ['continue', 'next', 'stepIn', 'stepOut', 'restart', 'stepBack', 'reverseContinue']) {
        const d = new Driver(asServed(PYTHON_MODERN));
        await d.start();
        const r = await d.send(command, { threadId: 1 });
        assert.equal(r.success, true, command);
        assert.equal(d.events('terminated').length, 1, command);
        assert.match(plain(d.events('output').at(-1).body.output), /recorded event; nothing runs/, command);
      }
    });
  });

  describe('vars with _meta, and masking', () => {
    function scrubbedPython() {
      const sample = clone(PYTHON_MODERN);
      const main = sample.exception.values[0].stacktrace.frames[1];
      main.vars.card = null;
      main.vars.api_key = 'sk_live_SANDBOXSECRET_0123456789abcdef';
      main.vars.header = 'Bearer sntrys_SANDBOXSECRET_d0n7l34k_0123456789ab';
      main.vars.str_var = "'Hello, wor";
      main.vars.link = 'see https://evil.example/x and /etc/passwd';
      // Relay's annotations as the serializer sends them beside the event (relay-event-schema's Meta).
      const varsMeta = { card: { '': { rem: [['@creditcard', 'x']] } }, str_var: { '': { len: 5000 } }, list_var: { '': { len: 10 } } };
      sample._meta = { entries: { '0': { data: { values: { '0': { stacktrace: { frames: { '1': { vars: varsMeta } } } } } } } } };
      return asServed(sample);
    }

    it('a value Sentry removed reads [Filtered], a trimmed one says so, a cut list says how long it was', async () => {
      const d = new Driver(scrubbedPython());
      await d.start();
      const [main] = await d.stack();
      const { rows } = await d.scope(main.id, 'Locals');
      const byName = Object.fromEntries(rows.map((r: any) => [r.name, r]));
      assert.equal(byName.card.value, '[Filtered]');
      assert.equal(byName.str_var.value, "'Hello, wor [trimmed from 5000 characters]");
      assert.equal(byName.list_var.value, '[…] (3 of 10)');
      const items = await d.children(byName.list_var.variablesReference);
      assert.equal(items.length, 4);
      assert.match(items[3].value, /7 more not recorded/);
    });

    it('secrets stay masked everywhere: variables, hovers, the console; event text is never a link', async () => {
      const d = new Driver(scrubbedPython());
      await d.start();
      const [main] = await d.stack();
      const { rows } = await d.scope(main.id, 'Locals');
      const byName = Object.fromEntries(rows.map((r: any) => [r.name, r]));
      assert.equal(byName.api_key.value, '[masked]');
      assert.equal(plain(byName.header.value), 'Bearer [masked]');
      assert.equal((await d.send('evaluate', { expression: 'api_key', frameId: main.id, context: 'hover' })).body.result, '[masked]');
      assert.ok(!JSON.stringify(d.messages).includes('SANDBOXSECRET'));
      assert.doesNotMatch(byName.link.value, /:\/\//, 'no web address VS Code would make a link of');
      assert.doesNotMatch(byName.link.value, /\/etc\/passwd/, 'no path VS Code would make a link of');
      assert.equal(plain(byName.link.value), 'see https://evil.example/x and /etc/passwd', 'and it reads the same');
    });
  });

  describe('Java on Android with threads (android.json)', () => {
    it('the crashed thread first, named as the event names it, then every other thread with its own stack', async () => {
      const d = new Driver(asServed(ANDROID_THREADS));
      await d.start();
      const { threads } = await d.body('threads');
      assert.deepEqual(
        threads.map((t: any) => [t.id, plain(t.name)]),
        [
          [1, 'main'],
          [2, 'FileObserver'],
          [3, '|ANR-WatchDog|'],
        ],
      );
      const crashed = await d.stack(1);
      assert.deepEqual(
        crashed.map((f) => f.name),
        ['lambda$onCreate$2', 'onClick', 'performClick', 'loop', 'main'],
      );
      assert.equal(crashed[0].presentationHint, undefined);
      assert.equal(crashed[1].presentationHint, 'label', 'a frame that names no file is a label');
      assert.equal(crashed[1].source, undefined, 'and opens nothing');
      assert.equal(crashed[2].presentationHint, 'subtle', 'library frames are de-emphasised');
      assert.equal(crashed[2].source.presentationHint, 'deemphasize');
      const watchdog = await d.stack(3);
      assert.deepEqual(
        watchdog.map((f) => [f.name, f.line]),
        [
          ['sleep', 373],
          ['run', 77],
        ],
      );
      const info = await d.body('exceptionInfo', { threadId: 1 });
      assert.equal(info.exceptionId, 'Exception');
      assert.equal(info.details.fullTypeName, 'java.lang.Exception');
      assert.equal(info.breakMode, 'always');
    });
  });

  describe('.NET (aspnetcore.json)', () => {
    it('frames without a file are labels; the in-app frame with a Windows path goes to the resolver; the Event scope holds the request', async () => {
      const asked: string[] = [];
      const d = new Driver(asServed(DOTNET), {
        resolve: async (f) => {
          asked.push(f.filename ?? '(none)');
          return f.filename?.endsWith('HomeController.cs') ? '/ws/Controllers/HomeController.cs' : undefined;
        },
      });
      await d.start();
      const [post, dispatch] = await d.stack();
      assert.equal(post.name, 'PostIndex');
      assert.equal(post.source.path, '/ws/Controllers/HomeController.cs');
      assert.equal(post.line, 45);
      assert.equal(dispatch.presentationHint, 'label');
      assert.ok(
        asked.some((a) => a.includes('\\Controllers\\HomeController.cs')),
        'the path as the SDK sent it',
      );
      const scopes = (await d.body('scopes', { frameId: post.id })).scopes;
      assert.equal(scopes[0].name, 'Locals (none recorded)');
      const event = await d.children(scopes[1].variablesReference);
      const request = await d.children(event.find((v) => v.name === 'request').variablesReference);
      const cookies = await d.children(request.find((v) => v.name === 'cookies').variablesReference);
      assert.deepEqual(
        cookies.map((c) => c.value),
        ['[masked]'],
        'every cookie value is masked',
      );
      const data = await d.children(request.find((v) => v.name === 'data').variablesReference);
      assert.deepEqual(
        data.map((v) => v.name),
        ['a', 'c'],
      );
    });

    it('breadcrumbs in time order, whatever order they came in', async () => {
      const d = new Driver(asServed(DOTNET));
      await d.start();
      const lines = d.events('output').map((e) => plain(e.body.output));
      const profile = lines.findIndex((l) => l.includes('User profile is available'));
      const request = lines.findIndex((l) => l.includes('Request starting'));
      assert.ok(profile > 0 && request > profile, lines.join(''));
    });
  });

  describe('a chained exception', () => {
    // The Python SDK's chain (`raise ValueError(...) from KeyError`): the cause first, as Sentry stores it.
    const chained = () => {
      const sample = clone(PYTHON_MODERN);
      const cause = {
        type: 'KeyError',
        value: "'sku'",
        mechanism: { type: 'chained', source: '__cause__', exception_id: 1, parent_id: 0 },
        stacktrace: { frames: [clone(sample.exception.values[0].stacktrace.frames[1])] },
      };
      sample.exception.values[0].mechanism = { type: 'excepthook', handled: false, exception_id: 0 };
      sample.exception.values = [cause, sample.exception.values[0]];
      return asServed(sample);
    };

    it('exceptionInfo gives the cause as the inner exception', async () => {
      const d = new Driver(chained());
      await d.start();
      const info = await d.body('exceptionInfo', { threadId: 1 });
      assert.equal(info.exceptionId, 'Exception');
      assert.equal(info.details.innerException.length, 1);
      assert.equal(info.details.innerException[0].typeName, 'KeyError');
      assert.equal(plain(info.details.innerException[0].message), "'sku'\nMechanism: chained");
      assert.equal(plain(info.description), "This is an example Python exception\nMechanism: excepthook, unhandled\nCaused by KeyError: 'sku'", 'the widget says the cause');
    });
  });

  describe('bounds', () => {
    it('frames, threads, variables and values are bounded', async () => {
      const sample = clone(PYTHON_MODERN);
      const frame = sample.exception.values[0].stacktrace.frames[1];
      let deep: any = 'bottom';
      for (let i = 0; i < 40; i++) deep = { down: deep };
      frame.vars = { many: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])), deep };
      const frames = Array.from({ length: 2000 }, () => clone(frame));
      frames[1999].vars.long = 'x'.repeat(100_000);
      sample.exception.values[0].stacktrace.frames = frames;
      sample.threads = { values: Array.from({ length: 300 }, (_, i) => ({ id: i + 10, name: `t${i}`, stacktrace: { frames: [clone(frame)] } })) };
      const d = new Driver(asServed(sample));
      await d.start();
      const { totalFrames } = await d.body('stackTrace', { threadId: 1, startFrame: 0, levels: 20 });
      assert.equal(totalFrames, MAX_FRAMES);
      const { threads } = await d.body('threads');
      assert.equal(threads.length, 1 + MAX_THREADS);
      const [top] = await d.stack();
      const { rows } = await d.scope(top.id, 'Locals');
      const many = rows.find((r: any) => r.name === 'many');
      assert.equal((await d.children(many.variablesReference)).length, MAX_PAIRS + 1, 'the kept entries and a row saying how many more');
      assert.ok(rows.find((r: any) => r.name === 'long').value.length <= 4000);
      let at = rows.find((r: any) => r.name === 'deep');
      let depth = 0;
      while (at.variablesReference) {
        at = (await d.children(at.variablesReference))[0];
        depth++;
      }
      assert.equal(at.value, TOO_DEEP);
      assert.ok(depth < 12, String(depth));
    });
  });
});
