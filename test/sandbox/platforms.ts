// The platform corpus: for each of Sentry's SDK platforms, frames whose shape is copied from Sentry's
// own sample events and frame tests (getsentry/sentry src/sentry/data/samples/*.json,
// tests/sentry/utils/test_event_frames.py, tests/sentry/issues/auto_source_code_config/test_process_event.py
// and test_code_mapping.py), laid out in the repository a developer of that platform has open
// (test/sandbox/platforms/, one folder per platform, each with a same-named neighbour that is not
// the frame's file). The unit matrix (test/unit/editor/core/platformMatrix.test.ts) resolves every
// frame; the sandbox seeds one issue per platform from it (opt-in: `platforms: true`).
import * as path from 'node:path';

/** Directory of the platform workspace (open it in VS Code to see the marks of every platform). */
export const PLATFORMS_DIR = path.join(__dirname, 'platforms');

/** A frame as the API serves it (camelCase), the fields Sentry's samples fill for the platform. */
export interface CorpusFrame {
  filename?: string;
  absPath?: string;
  module?: string;
  package?: string;
  function: string;
  lineNo: number;
  colNo?: number;
  inApp: boolean;
  /** The frame's own platform, where it is not its event's (a JVM frame of a React Native event). */
  platform?: string;
}

/** A code mapping of the case's project: stackRoot → sourceRoot (relative to PLATFORMS_DIR); the user's unless Sentry generated it. */
export interface CorpusMapping {
  stackRoot: string;
  sourceRoot: string;
  automaticallyGenerated?: boolean;
}

export interface CorpusCase {
  /** What the frame is, for test names. */
  name: string;
  frame: CorpusFrame;
  /** The workspace file (relative to PLATFORMS_DIR) it must resolve to; null: to none. */
  expect: string | null;
  /** Its project's code mappings, in the order of their ids; the first (in Sentry's order) that applies decides. */
  codeMappings?: CorpusMapping[];
}

export interface PlatformSpec {
  /** Short key: the sandbox project is `<key>-app`. */
  key: string;
  /** The event's platform, as the SDK sends it (android and Kotlin events say `java`). */
  platform: string;
  sdk: string;
  /** The file a developer opens, its same-named neighbour, and the text on the marked line. */
  file: string;
  neighbour: string;
  crashLine: string;
  exception: { type: string; value: string };
  cases: CorpusCase[];
}

export const PLATFORM_SPECS: PlatformSpec[] = [
  {
    key: 'python',
    platform: 'python',
    sdk: 'sentry.python',
    file: 'python/src/raven/base.py',
    neighbour: 'python/tests/base.py',
    crashLine: 'raise ValueError("message is required")',
    exception: { type: 'ValueError', value: 'message is required' },
    cases: [
      {
        // python.json: filename relative to the sys.path entry, abs_path the virtualenv's.
        name: 'filename relative to sys.path, abs_path of a virtualenv',
        frame: { filename: 'raven/base.py', absPath: '/home/ubuntu/.virtualenvs/getsentry/src/raven/raven/base.py', module: 'raven.base', function: 'build_msg', lineNo: 12, inApp: true },
        expect: 'python/src/raven/base.py',
      },
    ],
  },
  {
    key: 'browser',
    platform: 'javascript',
    sdk: 'sentry.javascript.browser',
    file: 'browser/static/app/utils/handle.tsx',
    neighbour: 'browser/static/app/views/handle.tsx',
    crashLine: 'throw new Error(`Unhandled action ${action.type}`);',
    exception: { type: 'Error', value: 'Unhandled action' },
    cases: [
      {
        // test_process_event.py (javascript): `./app/utils/handle.tsx` is static/app/utils/handle.tsx.
        name: 'source-mapped ./ path',
        frame: { filename: './app/utils/handle.tsx', absPath: 'webpack:///./app/utils/handle.tsx', function: 'handle', lineNo: 9, colNo: 11, inApp: true },
        expect: 'browser/static/app/utils/handle.tsx',
      },
    ],
  },
  {
    key: 'node',
    platform: 'node',
    sdk: 'sentry.javascript.node',
    file: 'node/utils/errors.js',
    neighbour: 'node/lib/errors.js',
    crashLine: "throw new TypeError('status must be a number');",
    exception: { type: 'TypeError', value: 'status must be a number' },
    cases: [
      {
        // test_process_event.py (node): app:///utils/errors.js is utils/errors.js.
        name: 'app:/// path',
        frame: { filename: 'app:///utils/errors.js', absPath: 'app:///utils/errors.js', module: 'utils:errors', function: 'httpError', lineNo: 8, colNo: 9, inApp: true },
        expect: 'node/utils/errors.js',
      },
    ],
  },
  {
    key: 'react-native',
    platform: 'javascript',
    sdk: 'sentry.javascript.react-native',
    file: 'react-native/src/screens/EndToEndTestsScreen.tsx',
    neighbour: 'react-native/e2e/EndToEndTestsScreen.tsx',
    crashLine: "throw new Error('E2E test failure');",
    exception: { type: 'Error', value: 'E2E test failure' },
    cases: [
      {
        // test_event_frames.py (react native): filename and app:/// abs_path, module without extension.
        name: 'src/ path with app:/// abs_path',
        frame: {
          filename: 'src/screens/EndToEndTestsScreen.tsx',
          absPath: 'app:///src/screens/EndToEndTestsScreen.tsx',
          module: 'src/screens/EndToEndTestsScreen',
          function: 'onPress',
          lineNo: 9,
          colNo: 11,
          inApp: true,
        },
        expect: 'react-native/src/screens/EndToEndTestsScreen.tsx',
      },
      {
        name: 'a native frame names no file',
        frame: { filename: 'native', absPath: 'native', function: 'apply', lineNo: 1, inApp: true },
        expect: null,
      },
      {
        // An Android crash of the app: JVM frames (test_event_frames.py's bare filename and abs_path, the
        // class in module) with their own platform `java` in the React Native event (is_jvm_event in
        // src/sentry/lang/java/utils.py: "the platforms of a stacktrace are exactly the platforms of its
        // frames"). Sentry munges by the event's platform, `javascript`: no munger for code mappings.
        name: 'a JVM frame of an Android crash, in the JavaScript event',
        frame: {
          filename: 'MainApplication.kt',
          absPath: 'MainApplication.kt',
          module: 'com.samplenewarchitecture.MainApplication',
          function: 'onCreate',
          lineNo: 11,
          inApp: true,
          platform: 'java',
        },
        expect: 'react-native/android/app/src/main/java/com/samplenewarchitecture/MainApplication.kt',
      },
    ],
  },
  {
    key: 'java',
    platform: 'java',
    sdk: 'sentry.java',
    file: 'java/app/src/main/java/io/sentry/example/Application.java',
    neighbour: 'java/admin/src/main/java/io/sentry/admin/Application.java',
    crashLine: 'throw new IllegalStateException("Sidebar failed to load");',
    exception: { type: 'IllegalStateException', value: 'Sidebar failed to load' },
    cases: [
      {
        // java.json: bare filename and abs_path, the class in module.
        name: 'bare file name, class in module',
        frame: { filename: 'Application.java', absPath: 'Application.java', module: 'io.sentry.example.Application', function: 'home', lineNo: 14, inApp: true },
        expect: 'java/app/src/main/java/io/sentry/example/Application.java',
      },
      {
        name: 'a class of a package the workspace lacks is no neighbour of the same name',
        frame: { filename: 'Application.java', absPath: 'Application.java', module: 'io.sentry.billing.Application', function: 'home', lineNo: 14, inApp: true },
        expect: null,
      },
    ],
  },
  {
    key: 'android',
    platform: 'java',
    sdk: 'sentry.java.android',
    file: 'android/androidApp/src/main/java/com/jetbrains/kmm/androidApp/MainActivity.kt',
    neighbour: 'android/wearApp/src/main/java/com/jetbrains/kmm/wearApp/MainActivity.kt',
    crashLine: 'throw IllegalArgumentException("Greeting is empty")',
    exception: { type: 'IllegalArgumentException', value: 'Greeting is empty' },
    cases: [
      {
        // test_event_frames.py (test_platform_android_kotlin): bare MainActivity.kt, a lambda's module.
        name: 'Kotlin lambda in a bare file',
        frame: { filename: 'MainActivity.kt', absPath: 'MainActivity.kt', module: 'com.jetbrains.kmm.androidApp.MainActivity', function: 'onCreate$lambda-1', lineNo: 14, inApp: true },
        expect: 'android/androidApp/src/main/java/com/jetbrains/kmm/androidApp/MainActivity.kt',
      },
      {
        // test_code_mapping.py: an inner class's `$` is dropped with the class name.
        name: 'inner class',
        frame: { filename: 'MainActivity.kt', absPath: 'MainActivity.kt', module: 'com.jetbrains.kmm.wearApp.MainActivity$onCreate$1', function: 'invoke', lineNo: 10, inApp: true },
        expect: 'android/wearApp/src/main/java/com/jetbrains/kmm/wearApp/MainActivity.kt',
      },
    ],
  },
  {
    key: 'cocoa',
    platform: 'cocoa',
    sdk: 'sentry.cocoa',
    file: 'cocoa/ios/Runner/AppDelegate.swift',
    neighbour: 'cocoa/macos/Runner/AppDelegate.swift',
    crashLine: 'fatalError("Window scene is missing")',
    exception: { type: 'EXC_BREAKPOINT', value: 'Window scene is missing' },
    cases: [
      {
        // test_event_frames.py (cocoa): bare filename, package, the build machine's abs_path.
        name: 'package-relative path of a build machine',
        frame: { filename: 'AppDelegate.swift', absPath: '/Users/denis/Repos/sentry/sentry-mobile/ios/Runner/AppDelegate.swift', package: 'Runner', function: 'main', lineNo: 11, inApp: true },
        expect: 'cocoa/ios/Runner/AppDelegate.swift',
      },
      {
        name: 'the macOS twin',
        frame: { filename: 'AppDelegate.swift', absPath: '/Users/denis/Repos/sentry/sentry-mobile/macos/Runner/AppDelegate.swift', package: 'Runner', function: 'main', lineNo: 11, inApp: true },
        expect: 'cocoa/macos/Runner/AppDelegate.swift',
      },
    ],
  },
  {
    key: 'dotnet',
    platform: 'csharp',
    sdk: 'sentry.dotnet.aspnetcore',
    file: 'dotnet/samples/Sentry.Samples.AspNetCore.Mvc/Controllers/HomeController.cs',
    neighbour: 'dotnet/samples/Sentry.Samples.Api/Controllers/HomeController.cs',
    crashLine: 'throw new InvalidOperationException("Invalid POST");',
    exception: { type: 'InvalidOperationException', value: 'Invalid POST' },
    cases: [
      {
        // aspnetcore.json: a Windows build path with backslashes in filename and abs_path, an assembly in package.
        name: 'Windows build path',
        frame: {
          filename: 'C:\\Users\\bruno\\git\\sentry-dotnet\\samples\\Sentry.Samples.AspNetCore.Mvc\\Controllers\\HomeController.cs',
          absPath: 'C:\\Users\\bruno\\git\\sentry-dotnet\\samples\\Sentry.Samples.AspNetCore.Mvc\\Controllers\\HomeController.cs',
          module: 'Samples.AspNetCore.Mvc.Controllers.HomeController',
          package: 'Sentry.Samples.AspNetCore.Mvc, Version=1.0.1.0, Culture=neutral, PublicKeyToken=fba2ec45388e2af0',
          function: 'PostIndex',
          lineNo: 12,
          colNo: 21,
          inApp: true,
        },
        expect: 'dotnet/samples/Sentry.Samples.AspNetCore.Mvc/Controllers/HomeController.cs',
      },
    ],
  },
  {
    key: 'go',
    platform: 'go',
    sdk: 'sentry.go',
    file: 'go/sentry/capybara.go',
    neighbour: 'go/vendor/zoo/capybara.go',
    crashLine: 'panic("capybara is asleep")',
    exception: { type: '*errors.errorString', value: 'capybara is asleep' },
    cases: [
      {
        // test_process_event.py (go): a CI checkout's absolute path.
        name: 'absolute path of a checkout',
        frame: { filename: '/Users/JohnDoe/code/sentry/capybara.go', absPath: '/Users/JohnDoe/code/sentry/capybara.go', module: 'main', function: 'Feed', lineNo: 7, inApp: true },
        expect: 'go/sentry/capybara.go',
      },
    ],
  },
  {
    key: 'php',
    platform: 'php',
    sdk: 'sentry.php',
    file: 'php/src/sentry/p/kanga.php',
    neighbour: 'php/tests/kanga.php',
    crashLine: "throw new \\RuntimeException('Kangaroo out of bounds');",
    exception: { type: 'RuntimeException', value: 'Kangaroo out of bounds' },
    cases: [
      {
        // test_process_event.py (php): /sentry/p/kanga.php is src/sentry/p/kanga.php through a code mapping.
        // Two mappings apply: Sentry generated `/sentry/p/` → the tests' folder from a test run's frame, and
        // the user set `/sentry/`. get_sorted_code_mapping_configs tries the user's first, shorter as it is.
        name: "server path through the user's code mapping, before a longer generated one",
        frame: { filename: '/sentry/p/kanga.php', absPath: '/sentry/p/kanga.php', function: 'jump', lineNo: 8, inApp: true },
        expect: 'php/src/sentry/p/kanga.php',
        codeMappings: [
          { stackRoot: '/sentry/', sourceRoot: 'php/src/sentry/' },
          { stackRoot: '/sentry/p/', sourceRoot: 'php/tests/', automaticallyGenerated: true },
        ],
      },
    ],
  },
  {
    key: 'ruby',
    platform: 'ruby',
    sdk: 'sentry.ruby',
    file: 'ruby/lib/raven/cli.rb',
    neighbour: 'ruby/lib/tasks/cli.rb',
    crashLine: 'raise ArgumentError, "DSN is missing"',
    exception: { type: 'ArgumentError', value: 'DSN is missing' },
    cases: [
      {
        // ruby.json: filename relative to the load path, abs_path the gem's.
        name: 'load-path relative filename',
        frame: {
          filename: 'raven/cli.rb',
          absPath: '/Users/sentry/Code/codetriage/vendor/bundle/ruby/2.4.0/bundler/gems/raven-ruby-061ee7b27200/lib/raven/cli.rb',
          function: 'test',
          lineNo: 6,
          inApp: true,
        },
        expect: 'ruby/lib/raven/cli.rb',
      },
    ],
  },
  {
    key: 'elixir',
    platform: 'elixir',
    sdk: 'sentry-elixir',
    file: 'elixir/lib/hello_http2/www.ex',
    neighbour: 'elixir/test/www.ex',
    crashLine: 'raise ArgumentError, "unknown route"',
    exception: { type: 'ArgumentError', value: 'unknown route' },
    cases: [
      {
        // elixir.json: repository-relative filename and abs_path, an Elixir module.
        name: 'repository-relative path',
        frame: { filename: 'lib/hello_http2/www.ex', absPath: 'lib/hello_http2/www.ex', module: 'Elixir.HelloHTTP2.WWW', function: 'HelloHTTP2.WWW.handle_request/2', lineNo: 9, inApp: true },
        expect: 'elixir/lib/hello_http2/www.ex',
      },
    ],
  },
  {
    key: 'flutter',
    platform: 'other',
    sdk: 'sentry.dart.flutter',
    file: 'flutter/lib/a/b/test.dart',
    neighbour: 'flutter/test/a/b/test.dart',
    crashLine: "throw StateError('tryCatchModule failed');",
    exception: { type: 'StateError', value: 'tryCatchModule failed' },
    cases: [
      {
        // test_event_frames.py (flutter): bare filename, a package: URI in abs_path, the package's name.
        // A code mapping of the munged path (`a/b/test.dart`): the Flutter SDK's events are munged.
        name: 'package: URI through a code mapping of its munged path',
        frame: { filename: 'test.dart', absPath: 'package:sentry_flutter_example/a/b/test.dart', package: 'sentry_flutter_example', function: 'tryCatchModule', lineNo: 8, colNo: 5, inApp: true },
        expect: 'flutter/lib/a/b/test.dart',
        codeMappings: [{ stackRoot: 'a/', sourceRoot: 'flutter/lib/a/' }],
      },
      {
        name: "Dart's own SDK",
        frame: { filename: 'test.dart', absPath: 'dart:ui/a/b/test.dart', function: 'dispatch', lineNo: 8, inApp: false },
        expect: null,
      },
    ],
  },
  {
    // The Dart SDK without Flutter: its events are `other` too (getsentry/sentry-dart dart/lib/src/version.dart:
    // sdkPlatform 'other', sdkName 'sentry.dart'), but only `sentry.dart.flutter` is munged, so a code
    // mapping applies to abs_path's `package:` URI itself.
    key: 'dart',
    platform: 'other',
    sdk: 'sentry.dart',
    file: 'dart/lib/a/b/service.dart',
    neighbour: 'dart/test/a/b/service.dart',
    crashLine: "throw StateError('service is closed');",
    exception: { type: 'StateError', value: 'service is closed' },
    cases: [
      {
        // test_event_frames.py (FlutterFilenameMungingTestCase.test_not_munged): a package: URI another SDK sent.
        name: 'package: URI through a code mapping of the URI',
        frame: { filename: 'service.dart', absPath: 'package:my_package/a/b/service.dart', package: 'my_package', function: 'close', lineNo: 9, inApp: true },
        expect: 'dart/lib/a/b/service.dart',
        codeMappings: [{ stackRoot: 'package:my_package/', sourceRoot: 'dart/lib/' }],
      },
    ],
  },
];

/** Every file of the platform workspace the corpus names: each platform's file and neighbour, and the files its cases resolve to. */
export function platformFiles(): string[] {
  return [...new Set(PLATFORM_SPECS.flatMap((s) => [s.file, s.neighbour, ...s.cases.flatMap((c) => (c.expect ? [c.expect] : []))]))];
}
