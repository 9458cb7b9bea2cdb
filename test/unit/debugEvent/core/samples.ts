// Events in the shapes of Sentry's own sample events (getsentry/sentry src/sentry/data/samples/,
// commits below), cut to a few frames each, and turned into what GET …/issues/{id}/events/{event_id}/
// answers as Sentry's serializers do (src/sentry/api/serializers/models/event.py, each interface's
// get_api_context: `entries` of type exception / threads / breadcrumbs / request, frames in camelCase,
// `pre_context` + `context_line` + `post_context` as `context` pairs, `thread_id` as `threadId`), then
// passed through what the API client does to every answer (applyServerMeta, maskAnswerKeeping).
import { applyServerMeta } from '../../../../src/model/event/serverMeta';
import { maskAnswerKeeping } from '../../../../src/model/event/maskAnswer';

type Rec = Record<string, any>;

/** A frame of an ingested event as the API serves it. */
function apiFrame(f: Rec): Rec {
  const out: Rec = {
    function: f.function ?? null,
    module: f.module ?? null,
    filename: f.filename ?? null,
    absPath: f.abs_path ?? null,
    package: f.package ?? null,
    lineNo: f.lineno ?? null,
    colNo: f.colno ?? null,
    inApp: f.in_app ?? false,
    vars: f.vars ?? null,
    context: [] as [number, string][],
  };
  if (typeof f.lineno === 'number' && f.context_line !== undefined) {
    const pre: string[] = f.pre_context ?? [];
    const post: string[] = f.post_context ?? [];
    pre.forEach((l, k) => out.context.push([f.lineno - pre.length + k, l]));
    out.context.push([f.lineno, f.context_line]);
    post.forEach((l, k) => out.context.push([f.lineno + 1 + k, l]));
  }
  return out;
}

const stack = (s: Rec | undefined) => (s ? { frames: s.frames.map(apiFrame), framesOmitted: null, registers: null, hasSystemFrames: true } : null);

/** An ingested sample (its `exception`, `threads`, `breadcrumbs`, `request`, …) as the event details endpoint answers it, masked as the client returns it. */
export function asServed(sample: Rec, eventID = 'a'.repeat(32)): Rec {
  const entries: Rec[] = [];
  if (sample.exception) {
    entries.push({
      type: 'exception',
      data: {
        values: sample.exception.values.map((x: Rec) => ({
          type: x.type,
          value: x.value ?? null,
          module: x.module ?? null,
          mechanism: x.mechanism ?? null,
          threadId: x.thread_id ?? null,
          stacktrace: stack(x.stacktrace),
          rawStacktrace: null,
        })),
        excOmitted: null,
        hasSystemFrames: true,
      },
    });
  }
  if (sample.threads)
    entries.push({
      type: 'threads',
      data: {
        values: sample.threads.values.map((t: Rec) => ({
          id: t.id ?? null,
          name: t.name ?? null,
          crashed: t.crashed ?? false,
          current: t.current ?? false,
          errored: t.errored,
          stacktrace: stack(t.stacktrace),
          rawStacktrace: null,
        })),
      },
    });
  if (sample.breadcrumbs)
    entries.push({
      type: 'breadcrumbs',
      data: {
        values: sample.breadcrumbs.values.map((b: Rec) => ({
          type: b.type ?? 'default',
          category: b.category ?? null,
          level: b.level ?? 'info',
          message: b.message ?? null,
          timestamp: b.timestamp,
          data: b.data ?? null,
          event_id: null,
        })),
      },
    });
  if (sample.request) entries.push({ type: 'request', data: sample.request });
  const served: Rec = {
    id: eventID,
    eventID,
    groupID: '42',
    projectID: '1',
    title: sample.title ?? `${sample.exception?.values.at(-1)?.type}: ${sample.exception?.values.at(-1)?.value}`,
    message: '',
    platform: sample.platform,
    dateCreated: '2025-06-27T06:48:32Z',
    tags: (sample.tags ?? []).map(([key, value]: [string, string]) => ({ key, value })),
    contexts: sample.contexts ?? {},
    user: sample.user ?? null,
    sdk: sample.sdk ?? null,
    entries,
    previousEventID: sample.previousEventID ?? null,
    nextEventID: sample.nextEventID ?? null,
    _meta: sample._meta ?? {},
  };
  return maskAnswerKeeping(applyServerMeta(served)).value;
}

/** python-modern.json (commit 324670486d521492085df2771b751e19bdc7d16d): the Python SDK 2.x, vars of every frame. */
export const PYTHON_MODERN: Rec = {
  platform: 'python',
  tags: [
    ['environment', 'production'],
    ['handled', 'no'],
    ['level', 'error'],
    ['mechanism', 'excepthook'],
  ],
  breadcrumbs: { values: [{ timestamp: 1751006912.86641, type: 'default', category: 'test', level: 'info', message: 'This is an example breadcrumb' }] },
  contexts: { runtime: { runtime: 'CPython 3.13.5', name: 'CPython', version: '3.13.5', type: 'runtime' } },
  sdk: { name: 'sentry.python', version: '2.31.0' },
  exception: {
    values: [
      {
        type: 'Exception',
        value: 'This is an example Python exception',
        stacktrace: {
          frames: [
            {
              function: '<module>',
              module: '__main__',
              filename: 'main.py',
              abs_path: '/Users/user/test/main.py',
              lineno: 28,
              pre_context: ["        'key3': 'value3',", '    }', '    list_var = [1, 2, 3]', "    raise Exception('This is an example Python exception')", ''],
              context_line: 'main()',
              in_app: true,
              vars: {
                __name__: "'__main__'",
                __file__: "'/Users/user/test/main.py'",
                sentry_sdk: "<module 'sentry_sdk' from '/Users/user/test/.venv/lib/python3.13/site-packages/sentry_sdk/__init__.py'>",
              },
            },
            {
              function: 'main',
              module: '__main__',
              filename: 'main.py',
              abs_path: '/Users/user/test/main.py',
              lineno: 26,
              pre_context: ["        'key1': 'value1',", "        'key2': 'value2',", "        'key3': 'value3',", '    }', '    list_var = [1, 2, 3]'],
              context_line: "    raise Exception('This is an example Python exception')",
              post_context: ['', 'main()'],
              in_app: true,
              vars: { dict_var: { key1: "'value1'", key2: "'value2'", key3: "'value3'" }, int_var: '1', list_var: ['1', '2', '3'], str_var: "'Hello, world!'" },
            },
          ],
        },
        mechanism: { type: 'excepthook', handled: false },
      },
    ],
  },
};

/**
 * android.json (commit 16d6d0f3dd01a3d9d8f19768583c2ac8cda2af81): Java on Android, an exception without
 * a thread id and a `threads` entry whose `main` thread is the errored one, beside FileObserver and
 * the ANR watchdog, each with its own frames.
 */
export const ANDROID_THREADS: Rec = {
  platform: 'java',
  sdk: { name: 'sentry.java.android', version: '2.0.0' },
  user: { id: '1761a9fcb6836d4c' },
  exception: {
    values: [
      {
        type: 'Exception',
        module: 'java.lang',
        value: 'Some exception.',
        stacktrace: {
          frames: [
            { function: 'main', abs_path: 'ZygoteInit.java', module: 'com.android.internal.os.ZygoteInit', in_app: false, lineno: 873, filename: 'ZygoteInit.java' },
            { function: 'loop', abs_path: 'Looper.java', module: 'android.os.Looper', in_app: false, lineno: 201, filename: 'Looper.java' },
            { function: 'performClick', abs_path: 'View.java', module: 'android.view.View', in_app: false, lineno: 6608, filename: 'View.java' },
            { function: 'onClick', lineno: 0, module: 'io.sentry.sample.-$$Lambda$MainActivity$tVGPRGxxb8SivUa5SKhzp6BuXOI', in_app: false },
            { function: 'lambda$onCreate$2', abs_path: 'MainActivity.java', module: 'io.sentry.sample.MainActivity', in_app: true, lineno: 36, filename: 'MainActivity.java' },
          ],
        },
      },
    ],
  },
  threads: {
    values: [
      {
        id: 5273,
        name: 'FileObserver',
        stacktrace: {
          frames: [
            { function: 'run', abs_path: 'FileObserver.java', module: 'android.os.FileObserver$ObserverThread', in_app: false, lineno: 86, filename: 'FileObserver.java' },
            { function: 'observe', abs_path: 'FileObserver.java', in_app: false, module: 'android.os.FileObserver$ObserverThread', filename: 'FileObserver.java' },
          ],
        },
      },
      {
        id: 2,
        name: 'main',
        errored: true,
        stacktrace: {
          frames: [
            { function: 'main', abs_path: 'ZygoteInit.java', module: 'com.android.internal.os.ZygoteInit', in_app: false, lineno: 873, filename: 'ZygoteInit.java' },
            { function: 'getThreadStackTrace', abs_path: 'VMStack.java', in_app: true, module: 'dalvik.system.VMStack', filename: 'VMStack.java' },
          ],
        },
      },
      {
        id: 5274,
        name: '|ANR-WatchDog|',
        stacktrace: {
          frames: [
            { function: 'run', abs_path: 'ANRWatchDog.java', module: 'io.sentry.android.core.ANRWatchDog', in_app: false, lineno: 77, filename: 'ANRWatchDog.java' },
            { function: 'sleep', abs_path: 'Thread.java', module: 'java.lang.Thread', in_app: false, lineno: 373, filename: 'Thread.java' },
          ],
        },
      },
    ],
  },
};

/**
 * aspnetcore.json (commit 6460f1972016693947c383ef58135445f355362f): .NET frames name no file (module,
 * function and the assembly as `package`); the in-app one carries the Windows path the .NET SDK sends
 * (api-facts: `C:\Users\x\git\repo\src\Proj\File.cs`).
 */
export const DOTNET: Rec = {
  platform: 'csharp',
  sdk: { name: 'sentry.dotnet.aspnetcore', version: '1.0.1-beta' },
  request: {
    url: '/Home/PostIndex',
    method: 'POST',
    data: { a: 'b', c: [{ d: 'e', f: 'g' }] },
    headers: [['Host', 'localhost:62919']],
    cookies: [['.AspNetCore.Antiforgery._2NlYY4B078', 'CfDJ8JgfBVYV2S5Flq6']],
  },
  breadcrumbs: {
    values: [
      {
        category: 'Microsoft.AspNetCore.Hosting.Internal.WebHost',
        timestamp: 1542201718,
        message: 'Request starting HTTP/1.1 POST http://localhost:62919/Home/PostIndex application/json; charset=UTF-8 65',
        type: 'default',
        data: { eventId: '1' },
      },
      {
        category: 'Microsoft.AspNetCore.DataProtection.KeyManagement.XmlKeyManager',
        timestamp: 1542199893,
        message: "User profile is available. Using 'C:\\Users\\bruno\\AppData\\Local\\ASP.NET\\DataProtection-Keys' as key repository.",
        type: 'default',
      },
    ],
  },
  exception: {
    values: [
      {
        type: 'System.ArgumentNullException',
        value: 'Param is null!',
        module: 'System.Private.CoreLib',
        mechanism: { type: 'generic', handled: true },
        stacktrace: {
          frames: [
            {
              function: 'Dispatch',
              in_app: false,
              module: 'System.Threading.ThreadPoolWorkQueue',
              package: 'System.Private.CoreLib, Version=4.0.0.0, Culture=neutral, PublicKeyToken=7cec85d7bea7798e',
            },
            {
              function: 'PostIndex',
              in_app: true,
              module: 'Samples.AspNetCore.Mvc.Controllers.HomeController',
              package: 'Sentry.Samples.AspNetCore.Mvc, Version=1.0.1.0, Culture=neutral, PublicKeyToken=null',
              filename: 'C:\\Users\\bruno\\git\\sentry-dotnet\\samples\\Sentry.Samples.AspNetCore.Mvc\\Controllers\\HomeController.cs',
              abs_path: 'C:\\Users\\bruno\\git\\sentry-dotnet\\samples\\Sentry.Samples.AspNetCore.Mvc\\Controllers\\HomeController.cs',
              lineno: 45,
            },
          ],
        },
      },
    ],
  },
};
