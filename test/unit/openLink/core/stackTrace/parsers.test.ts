// The stack-trace parsers (src/openLink/core/stackTrace/): each runtime's trace, copied verbatim from
// that runtime's own documentation or test suite (cited beside each, with the commit read where the
// source is a repository), is recognised as that runtime's, every frame read with the fields Sentry's
// SDK of that platform fills, and its link range covering the location on the pasted line. Where a
// source wraps the trace (a comment's `// `, a doc block's indent, doctest's <BLANKLINE>), only the
// wrapping is taken off.
import assert from 'node:assert/strict';
import { parseStackTrace, type ParsedTrace } from '../../../../../src/openLink/core/stackTrace/detect';
import { python } from '../../../../../src/openLink/core/stackTrace/python';
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
const withFile = (t: ParsedTrace) => t.frames.filter((f) => f.filename);

describe('stack-trace parsers', () => {
  describe('Python', () => {
    it("the asyncio guide's never-retrieved exception (cpython Doc/library/asyncio-dev.rst, Python 3.4), the most recent call last", () => {
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

    it("3.11's fine-grained error locations (cpython Doc/whatsnew/3.11.rst @3582c09, PEP 657): the ~ and ^ lines are no frames", () => {
      const text = [
        'Traceback (most recent call last):',
        '  File "query.py", line 37, in <module>',
        "    magic_arithmetic('foo')",
        '    ^^^^^^^^^^^^^^^^^^^^^^^',
        '  File "query.py", line 18, in magic_arithmetic',
        '    return add_counts(x) / 25',
        '           ^^^^^^^^^^^^^',
        '  File "query.py", line 24, in add_counts',
        '    return 25 + query_user(user1) + query_user(user2)',
        '                ^^^^^^^^^^^^^^^^^',
        '  File "query.py", line 32, in query_user',
        "    return 1 + query_count(db, response['a']['b']['c']['user'], retry=True)",
        '                               ~~~~~~~~~~~~~~~~~~^^^^^',
        "TypeError: 'NoneType' object is not subscriptable",
      ].join('\n');
      const t = parsed(text, 'Python');
      assert.deepEqual(
        t.innermostFirst.map((f) => [f.function, f.lineNo]),
        [
          ['query_user', 32],
          ['add_counts', 24],
          ['magic_arithmetic', 18],
          ['<module>', 37],
        ],
      );
    });

    it('chained sections of the tutorial (cpython Doc/tutorial/errors.rst @f3718ef, "raise … from exc"): both separators read, <stdin> frames have no file', () => {
      const text = [
        'Traceback (most recent call last):',
        '  File "<stdin>", line 2, in <module>',
        '  File "<stdin>", line 2, in func',
        'OSError',
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        'Traceback (most recent call last):',
        '  File "<stdin>", line 4, in <module>',
        'RuntimeError',
      ].join('\n');
      const lines = text.split('\n');
      assert.deepEqual(
        lines.map((l) => python.marker!(l)),
        lines.map((l) => l.startsWith('Traceback') || l.startsWith('The above')),
      );
      assert.deepEqual(
        lines.map((l, i) => python.frame(l, i, '')),
        lines.map(() => undefined),
      );
      // Nothing to link: refused as no trace rather than shown empty.
      assert.deepEqual(parseStackTrace(text), { ok: false, reason: 'noFrames' });
    });
  });

  describe('JavaScript', () => {
    it("Node: error.stack of Node's documentation (nodejs/node doc/api/errors.md, error.stack)", () => {
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

    it("V8: a browser's stack with URLs (Dart's stack_trace tests of V8 traces, dart-lang/tools pkgs/stack_trace/test/trace_test.dart @1e9c155): a URL's path is the filename, a line 0 is no line", () => {
      const text = ['Error', '    at Foo._bar (https://example.com/stuff.js:42:21)', '    at https://example.com/stuff.js:0:2', '    at zip.<anonymous>.zap (https://pub.dev/thing.js:1:100)'].join(
        '\n',
      );
      const t = parsed(text, 'JavaScript (V8: Node, Chrome)');
      assert.deepEqual(
        t.frames.map((f) => [f.filename, f.absPath, f.lineNo, f.colNo]),
        [
          ['/stuff.js', 'https://example.com/stuff.js', 42, 21],
          ['/stuff.js', 'https://example.com/stuff.js', undefined, 2],
          ['/thing.js', 'https://pub.dev/thing.js', 1, 100],
        ],
      );
    });

    it("Firefox/Safari: Error.prototype.stack of MDN's example (mdn/content files/en-us/web/javascript/reference/global_objects/error/stack)", () => {
      const text = ['trace@file:///C:/example.html:9:17', 'b@file:///C:/example.html:16:13', 'a@file:///C:/example.html:19:13', '@file:///C:/example.html:21:9'].join('\n');
      const t = parsed(text, 'JavaScript (Firefox, Safari)');
      assert.equal(t.frames.length, 4);
      assert.deepEqual(pick(t.frames[0]), { function: 'trace', filename: '/C:/example.html', absPath: 'file:///C:/example.html', module: undefined, package: undefined, lineNo: 9, colNo: 17 });
      assert.equal(t.frames[3].function, undefined);
    });

    it('Firefox/Safari: a function name holding an @ (dart-lang/tools pkgs/stack_trace/test/trace_test.dart @1e9c155): the location is after the last @', () => {
      const text = ['Foo._bar@https://example.com/stuff.js:42', 'zip/<@https://example.com/stuff.js:0', 'zip.zap(12, "@)()/<")@https://pub.dev/thing.js:1'].join('\n');
      const t = parsed(text, 'JavaScript (Firefox, Safari)');
      assert.deepEqual(
        t.frames.map((f) => [f.function, f.absPath, f.lineNo]),
        [
          ['Foo._bar', 'https://example.com/stuff.js', 42],
          ['zip/<', 'https://example.com/stuff.js', undefined],
          ['zip.zap(12, "@)()/<")', 'https://pub.dev/thing.js', 1],
        ],
      );
    });
  });

  describe('JVM', () => {
    it('Java: the example of Throwable.printStackTrace (JDK javadoc of java.lang.Throwable) with Caused by and "... N more"', () => {
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

    it("Java 9+: StackTraceElement.toString's documented forms (JDK javadoc of java.lang.StackTraceElement#toString), as printStackTrace prints each after \\tat: the loader and module are no part of the class", () => {
      const elements = [
        'com.foo.loader/foo@9.0/com.foo.Main.run(Main.java:101)',
        'com.foo.loader//com.foo.bar.App.run(App.java:12)',
        'acme@2.1/org.acme.Lib.test(Lib.java:80)',
        'MyClass.mash(MyClass.java:9)',
      ];
      const text = ['java.lang.Exception', ...elements.map((e) => `\tat ${e}`)].join('\n');
      const t = parsed(text, 'Java/Kotlin');
      assert.deepEqual(
        t.frames.map((f) => [f.module, f.function, f.filename, f.lineNo]),
        [
          ['com.foo.Main', 'run', 'Main.java', 101],
          ['com.foo.bar.App', 'run', 'App.java', 12],
          ['org.acme.Lib', 'test', 'Lib.java', 80],
          ['MyClass', 'mash', 'MyClass.java', 9],
        ],
      );
    });
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

  describe('Go', () => {
    it("runtime/debug.Stack's traceback (golang/go src/runtime/debug/stack_test.go @3200c9f, TestStack's comment): methods on pointer and value receivers, created by", () => {
      const text = [
        'goroutine 10 [running]:',
        'runtime/debug.Stack(0x0, 0x0, 0x0)',
        '\t/Users/r/go/src/runtime/debug/stack.go:28 +0x80',
        'runtime/debug.(*T).ptrmethod(0xc82005ee70, 0x0, 0x0, 0x0)',
        '\t/Users/r/go/src/runtime/debug/stack_test.go:15 +0x29',
        'runtime/debug.T.method(0x0, 0x0, 0x0, 0x0)',
        '\t/Users/r/go/src/runtime/debug/stack_test.go:18 +0x32',
        'runtime/debug.TestStack(0xc8201ce000)',
        '\t/Users/r/go/src/runtime/debug/stack_test.go:37 +0x38',
        'testing.tRunner(0xc8201ce000, 0x664b58)',
        '\t/Users/r/go/src/testing/testing.go:456 +0x98',
        'created by testing.RunTests',
        '\t/Users/r/go/src/testing/testing.go:561 +0x86d',
      ].join('\n');
      const t = parsed(text, 'Go');
      assert.deepEqual(
        t.frames.map((f) => [f.module, f.function, f.lineNo]),
        [
          ['runtime/debug', 'Stack', 28],
          ['runtime/debug', '(*T).ptrmethod', 15],
          ['runtime/debug', 'T.method', 18],
          ['runtime/debug', 'TestStack', 37],
          ['testing', 'tRunner', 456],
          ['testing', 'RunTests', 561],
        ],
      );
      assert.deepEqual(pick(t.frames[1]), {
        function: '(*T).ptrmethod',
        filename: '/Users/r/go/src/runtime/debug/stack_test.go',
        absPath: '/Users/r/go/src/runtime/debug/stack_test.go',
        module: 'runtime/debug',
        package: undefined,
        lineNo: 15,
        colNo: undefined,
      });
      assert.deepEqual(linked(text, t.frames)[0], '/Users/r/go/src/runtime/debug/stack.go:28');
    });

    it("a panic's crash report (golang/go src/runtime/debug/stack_test.go @3200c9f, TestSetCrashOutput's comment): a GOROOT-relative and a bare file", () => {
      const text = [
        'panic: oops',
        '',
        'goroutine 1 [running]:',
        'runtime/debug_test.TestMain(0x1400007e0a0)',
        '\tGOROOT/src/runtime/debug/stack_test.go:33 +0x18c',
        'main.main()',
        '\t_testmain.go:71 +0x170',
      ].join('\n');
      const t = parsed(text, 'Go');
      assert.deepEqual(
        t.frames.map((f) => [f.module, f.function, f.filename, f.lineNo]),
        [
          ['runtime/debug_test', 'TestMain', 'GOROOT/src/runtime/debug/stack_test.go', 33],
          ['main', 'main', '_testmain.go', 71],
        ],
      );
    });
  });

  describe('Ruby', () => {
    it('the backtrace before and after Ruby 3.4 (ruby/ruby doc/NEWS/NEWS-3.4.0.md @2d3fd6e, Compatibility issues): backticks, then quotes and Class#method', () => {
      const old = ["test.rb:1:in `foo': undefined method `time' for an instance of Integer", "        from test.rb:2:in `<main>'"].join('\n');
      const now = ["test.rb:1:in 'Object#foo': undefined method 'time' for an instance of Integer", "        from test.rb:2:in '<main>'"].join('\n');
      for (const [text, fn] of [
        [old, 'foo'],
        [now, 'Object#foo'],
      ] as const) {
        const t = parsed(text, 'Ruby');
        assert.deepEqual(
          t.frames.map((f) => [f.function, f.filename, f.lineNo]),
          [
            [fn, 'test.rb', 1],
            ['<main>', 'test.rb', 2],
          ],
        );
        assert.deepEqual(linked(text, t.frames), ['test.rb:1', 'test.rb:2']);
      }
    });
  });

  describe('PHP', () => {
    it("Exception::getTraceAsString's example (php.net manual, exception.gettraceasstring)", () => {
      const text = ['#0 /home/bjori/tmp/ex.php(7): test()', '#1 {main}'].join('\n');
      const t = parsed(text, 'PHP');
      assert.equal(t.frames.length, 1);
      assert.deepEqual(pick(t.frames[0]), {
        function: 'test',
        filename: '/home/bjori/tmp/ex.php',
        absPath: '/home/bjori/tmp/ex.php',
        module: undefined,
        package: undefined,
        lineNo: 7,
        colNo: undefined,
      });
    });

    it('an uncaught ErrorException (php.net manual, class.errorexception, example 1): [internal function] has no file; the throw site is a frame', () => {
      const text = [
        "Fatal error: Uncaught exception 'ErrorException' with message 'strpos() expects at least 2 parameters, 0 given' in /home/bjori/tmp/ex.php:12",
        'Stack trace:',
        "#0 [internal function]: exception_error_handler(2, 'strpos() expect...', '/home/bjori/php...', 12, Array)",
        '#1 /home/bjori/php/cleandocs/test.php(12): strpos()',
        '#2 {main}',
        '  thrown in /home/bjori/tmp/ex.php on line 12',
      ].join('\n');
      const t = parsed(text, 'PHP');
      assert.deepEqual(
        t.frames.map((f) => [f.function, f.filename, f.lineNo]),
        [
          ['strpos', '/home/bjori/php/cleandocs/test.php', 12],
          [undefined, '/home/bjori/tmp/ex.php', 12],
        ],
      );
      assert.deepEqual(linked(text, t.frames), ['/home/bjori/php/cleandocs/test.php(12)', '/home/bjori/tmp/ex.php on line 12']);
    });
  });

  describe('Swift/Cocoa', () => {
    it('a crash report of a Swift runtime error (Apple, "Addressing crashes from Swift runtime errors"): `(in Image) (File.swift:line)` without an offset', () => {
      const text = [
        'Thread 0 Crashed:',
        '0   MyCoolApp                         0x0000000100a71a88 @objc ViewController.viewDidLoad() (in MyCoolApp) (ViewController.swift:18)',
        '1   MyCoolApp                         0x0000000100a71a40 @objc ViewController.viewDidLoad() (in MyCoolApp) (ViewController.swift:18)',
        '2   UIKitCore                         0x00000001c569e920 -[UIViewController _sendViewDidLoadWithAppearanceProxyObjectTaggingEnabled] + 100',
        '3   UIKitCore                         0x00000001c56a3430 -[UIViewController loadViewIfRequired] + 936',
      ].join('\n');
      const t = parsed(text, 'Swift/Cocoa');
      assert.equal(withFile(t).length, 2);
      assert.deepEqual(pick(t.frames[0]), {
        function: '@objc ViewController.viewDidLoad()',
        filename: 'ViewController.swift',
        absPath: undefined,
        module: undefined,
        package: 'MyCoolApp',
        lineNo: 18,
        colNo: undefined,
      });
      assert.deepEqual(linked(text, t.frames), ['ViewController.swift:18', 'ViewController.swift:18']);
    });

    it('Swift 5.9\'s own backtracer (swift.org blog, "On-Crash Backtraces in Swift"; the source previews between frames left out): `in <image> at <path>:<line>:<col>`', () => {
      const text = [
        "I'm going to crash now",
        '',
        '💣 Program crashed: Bad pointer dereference at 0x0000000000000004',
        '',
        'Thread 0 crashed:',
        '',
        '0 reallyCrashMe() + 404 in crash at /Users/alastair/Source/crashDotSwift/crash.swift:4:15',
        '1 crashMe() + 12 in crash at /Users/alastair/Source/crashDotSwift/crash.swift:8:3',
        '2 main + 12 in crash at /Users/alastair/Source/crashDotSwift/crash.swift:11:1',
      ].join('\n');
      const t = parsed(text, 'Swift/Cocoa');
      assert.deepEqual(
        t.frames.map((f) => [f.function, f.package, f.lineNo, f.colNo]),
        [
          ['reallyCrashMe()', 'crash', 4, 15],
          ['crashMe()', 'crash', 8, 3],
          ['main', 'crash', 11, 1],
        ],
      );
      assert.deepEqual(pick(t.frames[0]).absPath, '/Users/alastair/Source/crashDotSwift/crash.swift');
      assert.deepEqual(linked(text, t.frames)[0], '/Users/alastair/Source/crashDotSwift/crash.swift:4:15');
    });
  });

  describe('Dart/Flutter', () => {
    it('the VM\'s StackTrace (dart-lang/tools pkgs/stack_trace/test/trace_test.dart @1e9c155, "parses a VM stack trace correctly"); dart: frames are the SDK\'s', () => {
      const text = [
        '#0      Foo._bar (file:///home/nweiz/code/stuff.dart:42:21)',
        '#1      zip.<anonymous closure>.zap (dart:async/future.dart:0:2)',
        '#2      zip.<anonymous closure>.zap (https://pub.dev/thing.dart:1:100)',
      ].join('\n');
      const t = parsed(text, 'Dart/Flutter');
      assert.equal(withFile(t).length, 2);
      assert.deepEqual(pick(t.frames[0]), { function: 'Foo._bar', filename: 'stuff.dart', absPath: '/home/nweiz/code/stuff.dart', module: undefined, package: undefined, lineNo: 42, colNo: 21 });
      assert.deepEqual(linked(text, t.frames), ['file:///home/nweiz/code/stuff.dart:42:21', 'https://pub.dev/thing.dart:1:100']);
    });

    it('package: frames and an async gap (the same tests, "shortens folded frames" and "parses trace with async gap correctly")', () => {
      const text = [
        '#0 notFoo (foo.dart:42:21)',
        '#1 fooTop (bar.dart:0:2)',
        '#2 fooBottom (package:foo/bar.dart:0:2)',
        '#3 alsoNotFoo (bar.dart:10:20)',
        '#4 fooTop (foo.dart:9:11)',
        '#5 fooBottom (foo/bar.dart:9:11)',
        '#6 againNotFoo (bar.dart:20:20)',
      ].join('\n');
      const t = parsed(text, 'Dart/Flutter');
      assert.deepEqual(pick(t.frames[2]), { function: 'fooBottom', filename: 'bar.dart', absPath: 'package:foo/bar.dart', module: undefined, package: 'foo', lineNo: undefined, colNo: 2 });
      assert.equal(t.frames.length, 7);
      const gap = ['#0      bop (file:///pull.dart:42:23)', '<asynchronous suspension>', '#1      twist (dart:the/future.dart:0:2)', '#2      main (dart:my/file.dart:4:6)'].join('\n');
      assert.deepEqual(
        withFile(parsed(gap, 'Dart/Flutter')).map((f) => [f.absPath, f.lineNo]),
        [['/pull.dart', 42]],
      );
    });

    it('the stack_trace package\'s terse form (the same tests, ".toString() nicely formats the stack trace"): relative paths and URLs', () => {
      const text = ['foo/bar.dart 42:21                Foo._bar', 'dart:async/future.dart 0:2        zip.<fn>.zap', 'https://pub.dev/thing.dart 1:100  zip.<fn>.zap'].join('\n');
      const t = parsed(text, 'Dart/Flutter');
      assert.deepEqual(
        withFile(t).map((f) => [f.function, f.absPath, f.lineNo, f.colNo]),
        [
          ['Foo._bar', 'foo/bar.dart', 42, 21],
          ['zip.<fn>.zap', 'https://pub.dev/thing.dart', 1, 100],
        ],
      );
      assert.deepEqual(linked(text, t.frames), ['foo/bar.dart 42:21', 'https://pub.dev/thing.dart 1:100']);
    });
  });

  it('finds no trace in prose, a log line or a bare URL', () => {
    for (const text of ['hello world', 'GET /api/0/ 200 12ms', 'see https://acme.dev/a:1', '']) assert.equal(parseStackTrace(text).ok, false, text);
  });
});
