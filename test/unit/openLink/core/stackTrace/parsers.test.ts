// The stack-trace parsers (src/openLink/core/stackTrace/): each runtime's trace, taken from that
// runtime's own documentation or sources (cited beside each), is recognised as that runtime's, every
// frame read with the fields Sentry's SDK of that platform fills, and its link range covering the
// location on the pasted line.
import assert from 'node:assert/strict';
import { parseStackTrace, type ParsedTrace } from '../../../../../src/openLink/core/stackTrace/detect';
import type { TraceFrame } from '../../../../../src/openLink/core/stackTrace/types';

function parsed(text: string, runtime: string): ParsedTrace {
  const r = parseStackTrace(text);
  assert.ok(r.ok, `no trace found in ${text.slice(0, 80)}`);
  assert.equal(r.trace.runtime, runtime);
  return r.trace;
}

/** The text each frame links, for comparing with the trace itself. */
function linked(text: string, frames: readonly TraceFrame[]): string[] {
  const lines = text.split('\n');
  return frames.filter((f) => f.filename).map((f) => lines[f.textLine].slice(f.start, f.end));
}

const pick = (f: TraceFrame) => ({ function: f.function, filename: f.filename, absPath: f.absPath, module: f.module, package: f.package, lineNo: f.lineNo, colNo: f.colNo });

describe('stack-trace parsers', () => {
  it('Python: a traceback of the asyncio docs (Doc/library/asyncio-dev.rst, Python 3.4), most recent call first', () => {
    const text = [
      'Future/Task exception was never retrieved:',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3.4/asyncio/tasks.py", line 279, in _step',
      '    result = next(coro)',
      '  File "/usr/lib/python3.4/asyncio/tasks.py", line 80, in coro',
      '    res = func(*args, **kw)',
      '  File "test.py", line 5, in bug',
      '    raise Exception("not consumed")',
      'Exception: not consumed',
    ].join('\n');
    const t = parsed(text, 'Python');
    assert.equal(t.frames.length, 3);
    assert.deepEqual(pick(t.innermostFirst[0]), { function: 'bug', filename: 'test.py', absPath: 'test.py', module: undefined, package: undefined, lineNo: 5, colNo: undefined });
    assert.deepEqual(linked(text, t.frames), ['"/usr/lib/python3.4/asyncio/tasks.py", line 279', '"/usr/lib/python3.4/asyncio/tasks.py", line 80', '"test.py", line 5']);
  });

  it('Python: chained sections of the tutorial (Doc/tutorial/errors.rst, "Exception Chaining"); <stdin> frames have no file', () => {
    const text = [
      'Traceback (most recent call last):',
      '  File "<stdin>", line 2, in <module>',
      '  File "<stdin>", line 2, in func',
      'ConnectionError',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "<stdin>", line 4, in <module>',
      'RuntimeError: Failed to open database',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3.4/asyncio/tasks.py", line 80, in coro',
      '    res = func(*args, **kw)',
    ].join('\n');
    const t = parsed(text, 'Python');
    assert.deepEqual(
      t.frames.map((f) => f.textLine),
      [14],
    );
  });

  it("Node (V8): error.stack of Node's documentation (doc/api/errors.md)", () => {
    const text = [
      'Error: Things keep happening!',
      '   at /home/gbusey/file.js:525:2',
      '   at Frobnicator.refrobulate (/home/gbusey/business-logic.js:424:21)',
      '   at Actor.<anonymous> (/home/gbusey/actors.js:400:8)',
      '   at increaseSynergy (/home/gbusey/actors.js:701:6)',
    ].join('\n');
    const t = parsed(text, 'JavaScript (V8: Node, Chrome)');
    assert.equal(t.frames.length, 4);
    assert.deepEqual(pick(t.frames[1]), {
      function: 'Frobnicator.refrobulate',
      filename: '/home/gbusey/business-logic.js',
      absPath: '/home/gbusey/business-logic.js',
      module: undefined,
      package: undefined,
      lineNo: 424,
      colNo: 21,
    });
    assert.equal(t.frames[0].function, undefined);
    assert.deepEqual(linked(text, t.frames), ['/home/gbusey/file.js:525:2', '/home/gbusey/business-logic.js:424:21', '/home/gbusey/actors.js:400:8', '/home/gbusey/actors.js:701:6']);
  });

  it("V8: a browser's URLs keep their path as the filename; node: internals have no file", () => {
    const text = [
      'TypeError: x is undefined',
      '    at handle (https://shop.acme.dev/static/app/utils/handle.tsx:9:11)',
      '    at async Promise.all (index 0)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    const t = parsed(text, 'JavaScript (V8: Node, Chrome)');
    assert.equal(t.frames.length, 1);
    assert.equal(t.frames[0].filename, '/static/app/utils/handle.tsx');
    assert.equal(t.frames[0].absPath, 'https://shop.acme.dev/static/app/utils/handle.tsx');
  });

  it("Firefox/Safari: Error.prototype.stack of MDN's example (Firefox 30+)", () => {
    const text = ['trace@file:///C:/example.html:9:17', 'b@file:///C:/example.html:16:13', 'a@file:///C:/example.html:19:13', '@file:///C:/example.html:21:9'].join('\n');
    const t = parsed(text, 'JavaScript (Firefox, Safari)');
    assert.equal(t.frames.length, 4);
    assert.deepEqual(pick(t.frames[0]), { function: 'trace', filename: '/C:/example.html', absPath: 'file:///C:/example.html', module: undefined, package: undefined, lineNo: 9, colNo: 17 });
    assert.equal(t.frames[3].function, undefined);
  });

  it('Java: the example of Throwable.printStackTrace (JDK javadoc) with Caused by and "... N more"', () => {
    const text = [
      'HighLevelException: MidLevelException: LowLevelException',
      '        at Junk.a(Junk.java:13)',
      '        at Junk.main(Junk.java:4)',
      'Caused by: MidLevelException: LowLevelException',
      '        at Junk.c(Junk.java:23)',
      '        at Junk.b(Junk.java:17)',
      '        at Junk.a(Junk.java:11)',
      '        ... 1 more',
      'Caused by: LowLevelException',
      '        at Junk.e(Junk.java:30)',
      '        at Junk.d(Junk.java:27)',
      '        at Junk.c(Junk.java:21)',
      '        ... 3 more',
    ].join('\n');
    const t = parsed(text, 'Java/Kotlin');
    assert.equal(t.frames.length, 8);
    assert.deepEqual(pick(t.frames[0]), { function: 'a', filename: 'Junk.java', absPath: 'Junk.java', module: 'Junk', package: undefined, lineNo: 13, colNo: undefined });
    assert.deepEqual(linked(text, t.frames).slice(0, 2), ['Junk.java:13', 'Junk.java:4']);
  });

  it("Java 9+: a module's prefix is no part of the class; Native Method frames have no file", () => {
    const text = [
      'Exception in thread "main" java.lang.IllegalStateException: boom',
      '\tat io.sentry.example.Application.home(Application.java:14)',
      '\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)',
      '\tat app//com.jetbrains.kmm.androidApp.MainActivity.onCreate$lambda-1(MainActivity.kt:14)',
    ].join('\n');
    const t = parsed(text, 'Java/Kotlin');
    assert.equal(t.frames.length, 3);
    assert.equal(t.frames[0].module, 'io.sentry.example.Application');
    assert.equal(t.frames[1].filename, undefined);
    assert.equal(t.frames[1].module, 'jdk.internal.reflect.NativeMethodAccessorImpl');
    assert.equal(t.frames[2].module, 'com.jetbrains.kmm.androidApp.MainActivity');
    assert.equal(t.frames[2].function, 'onCreate$lambda-1');
  });

  it('.NET: the inner-exception example of the .NET docs (dotnet/docs, local functions, async1/Program.cs)', () => {
    const text = [
      'Unhandled Exception: System.AggregateException:',
      '     One or more errors occurred. (Specified argument was out of the range of valid values.',
      'Parameter name: secondsDelay cannot exceed 5.) --->',
      '     System.ArgumentOutOfRangeException: Specified argument was out of the range of valid values.',
      'Parameter name: secondsDelay cannot exceed 5.',
      '   at Example.<GetMultiple>d__1.MoveNext() in Program.cs:line 16',
      '   --- End of inner exception stack trace ---',
      '   at System.Threading.Tasks.Task.ThrowIfExceptional(Boolean includeTaskCanceledExceptions)',
      '   at System.Threading.Tasks.Task`1.GetResultCore(Boolean waitCompletionNotification)',
      '   at Example.Main() in C:\\Users\\ronpet\\Documents\\Visual Studio 2017\\Projects\\local-functions\\async1\\Program.cs:line 8',
    ].join('\n');
    const t = parsed(text, '.NET');
    assert.equal(t.frames.length, 4);
    assert.deepEqual(pick(t.frames[0]), { function: 'MoveNext', filename: 'Program.cs', absPath: 'Program.cs', module: 'Example.<GetMultiple>d__1', package: undefined, lineNo: 16, colNo: undefined });
    assert.equal(t.frames[1].filename, undefined);
    assert.equal(t.frames[3].filename, 'C:\\Users\\ronpet\\Documents\\Visual Studio 2017\\Projects\\local-functions\\async1\\Program.cs');
    assert.deepEqual(linked(text, t.frames)[0], 'Program.cs:line 16');
  });

  it("Go: a panic and a goroutine dump in the runtime's format (runtime/traceback.go: function line, then a tab and path:line +pc)", () => {
    const text = [
      'panic: capybara is asleep',
      '',
      'goroutine 1 [running]:',
      'main.Feed(...)',
      '\t/Users/JohnDoe/code/sentry/capybara.go:7',
      'github.com/getsentry/sentry-go.(*Hub).Recover(0xc000010000, {0x0, 0x0})',
      '\t/home/runner/go/pkg/mod/github.com/getsentry/sentry-go@v0.27.0/hub.go:292 +0x1d',
      '',
      'goroutine 18 [chan receive]:',
      'main.producer()',
      '\t/Users/JohnDoe/code/sentry/capybara.go:20 +0x45',
      'created by main.main in goroutine 1',
      '\t/Users/JohnDoe/code/sentry/capybara.go:15 +0x25',
      'exit status 2',
    ].join('\n');
    const t = parsed(text, 'Go');
    assert.equal(t.frames.length, 4);
    assert.deepEqual(pick(t.frames[0]), {
      function: 'Feed',
      filename: '/Users/JohnDoe/code/sentry/capybara.go',
      absPath: '/Users/JohnDoe/code/sentry/capybara.go',
      module: 'main',
      package: undefined,
      lineNo: 7,
      colNo: undefined,
    });
    assert.equal(t.frames[1].module, 'github.com/getsentry/sentry-go');
    assert.equal(t.frames[1].function, '(*Hub).Recover');
    assert.equal(t.frames[3].function, 'main');
    assert.deepEqual(linked(text, t.frames)[1], '/home/runner/go/pkg/mod/github.com/getsentry/sentry-go@v0.27.0/hub.go:292');
  });

  it("Ruby: Ruby 3.4's backtrace (NEWS for 3.4.0: single quotes, Class#method) and the older backtick form", () => {
    const text = [
      "test.rb:1:in 'Foo#bar': undefined method 'time' for an instance of Integer (NoMethodError)",
      "\tfrom test.rb:2:in '<main>'",
      "\tfrom /usr/lib/ruby/3.2.0/raven/cli.rb:6:in `test'",
    ].join('\n');
    const t = parsed(text, 'Ruby');
    assert.equal(t.frames.length, 3);
    assert.deepEqual(pick(t.frames[0]), { function: 'Foo#bar', filename: 'test.rb', absPath: 'test.rb', module: undefined, package: undefined, lineNo: 1, colNo: undefined });
    assert.deepEqual(linked(text, t.frames), ['test.rb:1', 'test.rb:2', '/usr/lib/ruby/3.2.0/raven/cli.rb:6']);
  });

  it("PHP: Exception::getTraceAsString's example (php.net) and an uncaught exception's throw site", () => {
    const text = [
      'PHP Fatal error:  Uncaught Exception in /home/bjori/tmp/ex.php:3',
      'Stack trace:',
      '#0 /home/bjori/tmp/ex.php(7): test()',
      '#1 {main}',
      '  thrown in /home/bjori/tmp/ex.php on line 3',
    ].join('\n');
    const t = parsed(text, 'PHP');
    assert.equal(t.frames.length, 2);
    assert.deepEqual(pick(t.frames[0]), {
      function: 'test',
      filename: '/home/bjori/tmp/ex.php',
      absPath: '/home/bjori/tmp/ex.php',
      module: undefined,
      package: undefined,
      lineNo: 7,
      colNo: undefined,
    });
    assert.deepEqual(linked(text, t.frames), ['/home/bjori/tmp/ex.php(7)', '/home/bjori/tmp/ex.php on line 3']);
  });

  it("Swift/Cocoa: the runtime's fatal error (#fileID), LLDB's frame and a symbolicated crash report line", () => {
    const text = [
      'Runner/AppDelegate.swift:11: Fatal error: Index out of range',
      "* thread #1, queue = 'com.apple.main-thread', stop reason = Fatal error: Index out of range",
      '  * frame #0: 0x0000000100a3c1f4 Runner`AppDelegate.main() at AppDelegate.swift:11:5',
      'Thread 0 Crashed:',
      '0   Runner                        0x0000000100a3c1f4 AppDelegate.application(_:didFinishLaunchingWithOptions:) + 120 (AppDelegate.swift:11)',
      '1   UIKitCore                     0x00000001a2b3c4d5 -[UIApplication _handleDelegateCallbacksWithOptions:isSuspended:restoreState:] + 300',
    ].join('\n');
    const t = parsed(text, 'Swift/Cocoa');
    assert.equal(t.frames.length, 3);
    assert.deepEqual(pick(t.frames[0]), {
      function: undefined,
      filename: 'AppDelegate.swift',
      absPath: 'Runner/AppDelegate.swift',
      module: undefined,
      package: 'Runner',
      lineNo: 11,
      colNo: undefined,
    });
    assert.equal(t.frames[1].package, 'Runner');
    assert.equal(t.frames[1].colNo, 5);
    assert.equal(t.frames[2].function, 'AppDelegate.application(_:didFinishLaunchingWithOptions:)');
    assert.deepEqual(linked(text, t.frames), ['Runner/AppDelegate.swift:11', 'AppDelegate.swift:11:5', 'AppDelegate.swift:11']);
  });

  it("Dart/Flutter: the VM's StackTrace (the stack_trace package's tests) and its terse form; dart: frames are the SDK's", () => {
    const text = [
      '#0      Foo._bar (file:///home/nweiz/code/stuff.dart:42:21)',
      '#1      zip.<fn>.zap (dart:async/future.dart:0:2)',
      '#2      Service.close (package:my_package/a/b/service.dart:9:5)',
      'package:my_package/a/b/service.dart 9:5  Service.close',
    ].join('\n');
    const t = parsed(text, 'Dart/Flutter');
    assert.equal(t.frames.length, 3);
    assert.deepEqual(pick(t.frames[0]), { function: 'Foo._bar', filename: 'stuff.dart', absPath: '/home/nweiz/code/stuff.dart', module: undefined, package: undefined, lineNo: 42, colNo: 21 });
    assert.deepEqual(pick(t.frames[1]), {
      function: 'Service.close',
      filename: 'service.dart',
      absPath: 'package:my_package/a/b/service.dart',
      module: undefined,
      package: 'my_package',
      lineNo: 9,
      colNo: 5,
    });
    assert.deepEqual(linked(text, t.frames), ['file:///home/nweiz/code/stuff.dart:42:21', 'package:my_package/a/b/service.dart:9:5', 'package:my_package/a/b/service.dart 9:5']);
  });

  it('finds no trace in prose, a log line or a bare URL', () => {
    for (const text of ['hello world', 'GET /api/0/ 200 12ms', 'see https://acme.dev/a:1', '']) assert.equal(parseStackTrace(text).ok, false, text);
  });
});
