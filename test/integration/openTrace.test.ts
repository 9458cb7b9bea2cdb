// A pasted stack trace of each platform, in a real VS Code whose workspace is the sandbox's platform
// workspace (test/sandbox/platforms/: each platform's file beside a same-named neighbour) and whose
// sandbox serves the platform corpus: "Open Link, ID or Stack Trace…" opens it as a Stack Trace
// document, every frame naming a workspace file is a link, and the link lands on the right file and
// line (the one frame resolver, its module and package rules per platform); a frame two files match
// offers the choice; the header offers the Sentry issue whose latest stack matches, found by one
// events-table query. Run by the harness in the platform window of each profile.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import type { TestHooks } from '../../src/testHooks';
import { PLATFORM_SPECS } from '../sandbox/platforms';
import { control, signedInSuite, waitFor, type RequestLogEntry } from './authHelpers';
import { print } from './output';

/** A trace as each runtime prints it, whose frame names the platform's file (the corpus's frame, printed). */
const TRACES: { key: string; trace: string; frameLine: number; file: string; line: number; choose?: string }[] = [
  {
    key: 'python',
    trace:
      'Traceback (most recent call last):\n  File "/home/ubuntu/.virtualenvs/getsentry/src/raven/raven/base.py", line 12, in build_msg\n    raise ValueError("message is required")\nValueError: message is required',
    frameLine: 1,
    file: 'python/src/raven/base.py',
    line: 12,
  },
  {
    key: 'node',
    trace: 'TypeError: status must be a number\n    at httpError (/srv/app/utils/errors.js:8:9)\n    at Module._compile (node:internal/modules/cjs/loader:1256:14)',
    frameLine: 1,
    file: 'node/utils/errors.js',
    line: 8,
  },
  {
    key: 'browser',
    trace: 'Error: Unhandled action\nhandle@https://shop.acme.test/static/app/utils/handle.tsx:9:11\n@https://shop.acme.test/static/app/index.tsx:3:1',
    frameLine: 1,
    file: 'browser/static/app/utils/handle.tsx',
    line: 9,
  },
  {
    key: 'java',
    trace: 'java.lang.IllegalStateException: boom\n\tat io.sentry.example.Application.home(Application.java:14)\n\tat java.base/java.lang.Thread.run(Thread.java:833)',
    frameLine: 1,
    file: 'java/app/src/main/java/io/sentry/example/Application.java',
    line: 14,
  },
  {
    key: 'android',
    trace: 'java.lang.RuntimeException: crash\n\tat com.jetbrains.kmm.androidApp.MainActivity.onCreate$lambda-1(MainActivity.kt:14)\n\tat android.view.View.performClick(View.java:7448)',
    frameLine: 1,
    file: 'android/androidApp/src/main/java/com/jetbrains/kmm/androidApp/MainActivity.kt',
    line: 14,
  },
  {
    key: 'dotnet',
    trace:
      'System.InvalidOperationException: Invalid POST\n   at Samples.AspNetCore.Mvc.Controllers.HomeController.PostIndex() in C:\\Users\\bruno\\git\\sentry-dotnet\\samples\\Sentry.Samples.AspNetCore.Mvc\\Controllers\\HomeController.cs:line 12\n   at lambda_method(Closure , Object , Object[] )',
    frameLine: 1,
    file: 'dotnet/samples/Sentry.Samples.AspNetCore.Mvc/Controllers/HomeController.cs',
    line: 12,
  },
  {
    key: 'go',
    trace: 'panic: capybara is asleep\n\ngoroutine 1 [running]:\nmain.Feed(...)\n\t/Users/JohnDoe/code/sentry/capybara.go:7 +0x1d\nexit status 2',
    frameLine: 4,
    file: 'go/sentry/capybara.go',
    line: 7,
  },
  { key: 'php', trace: 'PHP Fatal error:  Uncaught Exception: too high\nStack trace:\n#0 /sentry/p/kanga.php(8): jump()\n#1 {main}', frameLine: 2, file: 'php/src/sentry/p/kanga.php', line: 8 },
  {
    key: 'ruby',
    trace: "/Users/sentry/Code/codetriage/vendor/bundle/ruby/2.4.0/bundler/gems/raven-ruby-061ee7b27200/lib/raven/cli.rb:6:in 'test': DSN is missing (ArgumentError)\n\tfrom bin/raven:3:in '<main>'",
    frameLine: 0,
    file: 'ruby/lib/raven/cli.rb',
    line: 6,
  },
  { key: 'cocoa', trace: 'Runner/AppDelegate.swift:11: Fatal error: Index out of range', frameLine: 0, file: 'cocoa/ios/Runner/AppDelegate.swift', line: 11, choose: 'ios' },
  {
    key: 'dart',
    trace: 'Bad state: closed\n#0      Service.close (package:my_package/a/b/service.dart:9:5)\n#1      main (file:///home/me/app/bin/main.dart:5:3)',
    frameLine: 1,
    file: 'dart/lib/a/b/service.dart',
    line: 9,
  },
  {
    key: 'flutter',
    trace: 'Exception: boom\n#0      tryCatchModule (package:sentry_flutter_example/a/b/test.dart:8:5)\n#1      _rootRun (dart:async/zone.dart:1399:13)',
    frameLine: 1,
    file: 'flutter/lib/a/b/test.dart',
    line: 8,
  },
];

const HEADER_LINES = 3;

describe('Open Link, ID or Stack Trace (a pasted trace of each platform)', function () {
  this.timeout(180_000);
  let api: TestHooks;
  let restore: () => Promise<void>;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  before(async function () {
    if (!vscode.workspace.workspaceFolders?.length) this.skip();
    ({ api, restore } = await signedInSuite(this, 'open trace'));
    await vscode.workspace.getConfiguration('sentryExplorer').update(
      'projects',
      PLATFORM_SPECS.map((s) => `${s.key}-app`),
      vscode.ConfigurationTarget.Global,
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    api?.editor.ui.reset();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await restore?.();
  });

  for (const t of TRACES) {
    it(`${t.key}: the frame's link opens ${t.file}:${t.line}`, async () => {
      await control('requests/clear', {});
      assert.equal(await vscode.commands.executeCommand(Commands.openLinkIdOrStackTrace, t.trace), true);
      const doc = vscode.window.activeTextEditor!.document;
      assert.equal(doc.uri.scheme, 'sentry-explorer-trace');
      assert.ok(doc.getText().endsWith(t.trace), 'the trace as pasted, under the header');
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
      const link = links.find((l) => l.range.start.line === t.frameLine + HEADER_LINES);
      assert.ok(link?.target, `a link on the frame's line (${links.map((l) => l.range.start.line).join(',')})`);
      if (t.choose) api.editor.ui.override({ showQuickPick: async (items) => items.find((i) => i.label.includes(`/${t.choose}/`)) });
      const target = link.target!;
      const [arg] = JSON.parse(decodeURIComponent(target.query)) as unknown[];
      await vscode.commands.executeCommand(target.path, arg);
      const editor = await waitFor(t.file, () => {
        const e = vscode.window.activeTextEditor;
        return e && e.document.uri.toString() === vscode.Uri.joinPath(folder(), t.file).toString() ? e : undefined;
      });
      assert.equal(editor.selection.active.line, t.line - 1);
      api.editor.ui.reset();
    });
  }

  it("a Java trace's header offers the Sentry issue whose latest stack matches, from one events-table query", async () => {
    await control('requests/clear', {});
    const java = TRACES.find((t) => t.key === 'java')!;
    await vscode.commands.executeCommand(Commands.openLinkIdOrStackTrace, java.trace);
    const doc = vscode.window.activeTextEditor!.document;
    const header = await waitFor('the matching issues', () => (/JAVA-APP-1/.test(doc.lineAt(1).text) ? doc.lineAt(1).text : undefined));
    assert.match(header, /Sentry issues whose latest stack matches/);
    // The marks of the files the earlier tests opened read the events table too: this search asks for the issues' titles, theirs do not.
    const tables = (await control<RequestLogEntry[]>('requests')).filter((r) => /\/organizations\/acme\/events\/$/.test(r.path) && r.query.some(([k, v]) => k === 'field' && v === 'title'));
    assert.equal(tables.length, 1, 'one events-table query');
    assert.match(new URLSearchParams(tables[0].query).get('query') ?? '', /^stack\.filename:"\*Application\.java" OR stack\.filename:"\*Thread\.java"$/);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri);
    const issueLink = links.find((l) => l.range.start.line === 1);
    assert.ok(issueLink?.target?.toString().startsWith('command:sentryExplorer.showIssueEvents'), 'the issue is a link to its panel');
  });

  it("a frame of the events panel copies its workspace file's path (with its line), else Sentry's path", async () => {
    const copied: string[] = [];
    api.events.ui.override({ writeClipboard: async (text) => void copied.push(text) });
    try {
      const java = { filename: 'Application.java', absPath: 'Application.java', module: 'io.sentry.example.Application', eventPlatform: 'java', lineNo: 14 };
      assert.equal(await vscode.commands.executeCommand(Commands.copyFramePath, { webviewSection: 'sentryFrame', sentryFrame: java }), 'java/app/src/main/java/io/sentry/example/Application.java');
      assert.equal(
        await vscode.commands.executeCommand(Commands.copyFramePathLine, { webviewSection: 'sentryFrame', sentryFrame: java }),
        'java/app/src/main/java/io/sentry/example/Application.java:14',
      );
      const elsewhere = { filename: '/usr/lib/jvm/Thread.java', lineNo: 833 };
      assert.equal(await vscode.commands.executeCommand(Commands.copyFramePathLine, { webviewSection: 'sentryFrame', sentryFrame: elsewhere }), '/usr/lib/jvm/Thread.java:833');
      assert.equal(await vscode.commands.executeCommand(Commands.copyFramePath, { sentryFrame: 'not a frame' }), undefined);
      assert.deepEqual(copied, ['java/app/src/main/java/io/sentry/example/Application.java', 'java/app/src/main/java/io/sentry/example/Application.java:14', '/usr/lib/jvm/Thread.java:833']);
    } finally {
      api.events.ui.reset();
    }
  });

  it('parses a 10,000-line trace in bounded time and links its frames', async () => {
    const java = TRACES.find((t) => t.key === 'java')!;
    const big = `${java.trace}\n${'\tat io.sentry.example.Application.home(Application.java:14)\n'.repeat(10_000)}`;
    const t0 = performance.now();
    await vscode.commands.executeCommand(Commands.openLinkIdOrStackTrace, big);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', vscode.window.activeTextEditor!.document.uri);
    const ms = performance.now() - t0;
    assert.ok(links.length >= 10_000, `${links.length} links`);
    print(`      (a 10,001-frame Java trace opened and linked in ${ms.toFixed(0)} ms)`);
  });
});
