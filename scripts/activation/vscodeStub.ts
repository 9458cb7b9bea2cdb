/**
 * A `vscode` module for running a production bundle's activate() in plain Node, without VS Code:
 * the activation bench (`npm run bench -- activation`) and the package check's load count
 * (scripts/checkVsix.ts) load dist/extension.js against it in fresh Node processes.
 *
 * Every name @types/vscode exports is here (read from its index.d.ts), so a new use of the API
 * needs no change: the members activation really reads (settings, the log channel, events,
 * mementos, URIs, the l10n bundle) behave as VS Code's do with an empty workspace and no
 * session; any other member is an inert value that can be called, constructed, read deeper and
 * disposed. What the extension logs goes to `log`, where the caller reads "activated in N ms".
 */
import { readFileSync } from 'node:fs';

/** The exported names of @types/vscode's `declare module 'vscode'`, by kind. */
export function vscodeNames(dts: string): { classes: string[]; enums: string[]; namespaces: string[] } {
  const names = { classes: [] as string[], enums: [] as string[], namespaces: [] as string[] };
  for (const m of readFileSync(dts, 'utf8').matchAll(/^\texport (class|enum|namespace) (\w+)/gm)) {
    names[m[1] === 'class' ? 'classes' : m[1] === 'enum' ? 'enums' : 'namespaces'].push(m[2]);
  }
  return names;
}

type Fn = (...args: unknown[]) => unknown;

const disposable = () => ({ dispose() {} });

/** An inert value: callable, constructible, every member another one; never a promise, iterable as empty, 0 as a number. */
function inert(): unknown {
  const members = new Map<PropertyKey, unknown>();
  const target = function () {} as unknown as Fn;
  return new Proxy(target, {
    get(_t, key) {
      if (key === 'then') return undefined;
      if (key === Symbol.iterator) return function* () {};
      if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 0 : '');
      if (key === 'dispose') return () => {};
      if (typeof key === 'symbol') return undefined;
      if (!members.has(key)) members.set(key, inert());
      return members.get(key);
    },
    set(_t, key, value) {
      members.set(key, value);
      return true;
    },
    apply: () => inert(),
    construct: () => inert() as object,
  });
}

/** An object whose listed members are real and any other is inert. */
function withInert<T extends object>(real: T): T {
  return new Proxy(real, { get: (t, key) => (key in t ? (t as Record<PropertyKey, unknown>)[key] : typeof key === 'symbol' || key === 'then' ? undefined : inert()) });
}

class EventEmitter<T> {
  private listeners = new Set<(e: T) => unknown>();
  event = (listener: (e: T) => unknown) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(e: T) {
    for (const l of [...this.listeners]) l(e);
  }
  dispose() {
    this.listeners.clear();
  }
}

class Disposable {
  constructor(private readonly onDispose: () => void) {}
  static from(...items: { dispose(): unknown }[]) {
    return new Disposable(() => items.forEach((i) => i.dispose()));
  }
  dispose() {
    this.onDispose();
  }
}

class Uri {
  constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query = '',
    readonly fragment = '',
  ) {}
  get fsPath() {
    return this.path;
  }
  static parse(value: string) {
    const u = new URL(value);
    return new Uri(u.protocol.slice(0, -1), u.host, u.pathname, u.search.slice(1), u.hash.slice(1));
  }
  static file(path: string) {
    return new Uri('file', '', path);
  }
  static from(c: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }) {
    return new Uri(c.scheme, c.authority ?? '', c.path ?? '', c.query, c.fragment);
  }
  static joinPath(base: Uri, ...parts: string[]) {
    return new Uri(base.scheme, base.authority, [base.path, ...parts].join('/'), base.query, base.fragment);
  }
  with(c: Partial<Uri>) {
    return new Uri(c.scheme ?? this.scheme, c.authority ?? this.authority, c.path ?? this.path, c.query ?? this.query, c.fragment ?? this.fragment);
  }
  toString() {
    return `${this.scheme}://${this.authority}${this.path}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
  toJSON() {
    return this.toString();
  }
}

/** A class the stub does not model: keeps its arguments, any other member is inert. */
function plainClass(name: string) {
  const C = class {
    constructor(...args: unknown[]) {
      Object.assign(this, { args });
      return withInert(this);
    }
  };
  Object.defineProperty(C, 'name', { value: name });
  return C;
}

/** An enum: each member a distinct number, and the reverse lookup a name. */
function plainEnum(): unknown {
  const values = new Map<string, number>();
  return new Proxy(
    {},
    {
      get(_t, key) {
        if (typeof key === 'symbol') return undefined;
        if (/^\d+$/.test(key)) return [...values].find(([, v]) => String(v) === key)?.[0];
        if (!values.has(key)) values.set(key, values.size + 1);
        return values.get(key);
      },
    },
  );
}

function memento(): unknown {
  const map = new Map<string, unknown>();
  return {
    get: (key: string, fallback?: unknown) => (map.has(key) ? map.get(key) : fallback),
    update: async (key: string, value: unknown) => void (value === undefined ? map.delete(key) : map.set(key, value)),
    keys: () => [...map.keys()],
    setKeysForSync() {},
  };
}

const format = (message: string, args: unknown[]) => message.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : m));

/** The `vscode` module: what VS Code 1.99 offers an extension in an empty window, signed out. */
export function vscodeStub(names: ReturnType<typeof vscodeNames>, log: string[]): Record<string, unknown> {
  const logChannel = () => {
    const line =
      (level: string) =>
      (message: string, ...args: unknown[]) =>
        void log.push(`[${level}] ${[message, ...args.map(String)].join(' ')}`);
    return withInert({
      name: 'log',
      logLevel: 2,
      onDidChangeLogLevel: () => disposable(),
      trace: line('trace'),
      debug: line('debug'),
      info: line('info'),
      warn: line('warning'),
      error: line('error'),
      append: line('info'),
      appendLine: line('info'),
      show() {},
      hide() {},
      clear() {},
      dispose() {},
    });
  };
  const event = () => disposable();
  const real: Record<string, unknown> = {
    version: '1.99.3',
    EventEmitter,
    Disposable,
    Uri,
    window: withInert({
      createOutputChannel: logChannel,
      activeTextEditor: undefined,
      visibleTextEditors: [],
      onDidChangeActiveTextEditor: event,
      onDidChangeVisibleTextEditors: event,
      onDidChangeTextEditorSelection: event,
      onDidChangeWindowState: event,
      state: { focused: true, active: true },
    }),
    workspace: withInert({
      workspaceFolders: undefined,
      textDocuments: [],
      isTrusted: true,
      name: undefined,
      getConfiguration: () => ({ get: (_key: string, fallback?: unknown) => fallback, has: () => false, inspect: () => undefined, update: async () => {} }),
      getWorkspaceFolder: () => undefined,
      onDidChangeConfiguration: event,
      onDidChangeWorkspaceFolders: event,
      onDidGrantWorkspaceTrust: event,
      onDidOpenTextDocument: event,
      onDidCloseTextDocument: event,
      onDidChangeTextDocument: event,
      onDidSaveTextDocument: event,
    }),
    commands: withInert({ registerCommand: () => disposable(), executeCommand: async () => undefined, getCommands: async () => [] }),
    authentication: withInert({ getSession: async () => undefined, registerAuthenticationProvider: () => disposable(), onDidChangeSessions: event }),
    env: withInert({ language: 'en', uiKind: 1, appHost: 'desktop', appName: 'Visual Studio Code', uriScheme: 'vscode', remoteName: undefined }),
    extensions: withInert({ getExtension: () => undefined, all: [], onDidChange: event }),
    l10n: {
      bundle: undefined,
      uri: undefined,
      t: (message: string | { message: string; args?: unknown[] }, ...args: unknown[]) => (typeof message === 'string' ? format(message, args) : format(message.message, message.args ?? [])),
    },
  };
  const module: Record<string, unknown> = {};
  for (const name of names.namespaces) module[name] = real[name] ?? withInert({});
  for (const name of names.classes) module[name] = real[name] ?? plainClass(name);
  for (const name of names.enums) module[name] = plainEnum();
  for (const [name, value] of Object.entries(real)) module[name] ??= value;
  return module;
}

/** An ExtensionContext of a first run: empty mementos and secrets, production mode. */
export function extensionContext(): Record<string, unknown> {
  const secrets = new Map<string, string>();
  const changed = new EventEmitter<{ key: string }>();
  return withInert({
    subscriptions: [] as { dispose(): unknown }[],
    globalState: memento(),
    workspaceState: memento(),
    secrets: {
      get: async (key: string) => secrets.get(key),
      store: async (key: string, value: string) => void secrets.set(key, value),
      delete: async (key: string) => void secrets.delete(key),
      onDidChange: changed.event,
    },
    extensionUri: Uri.file('/extension'),
    extensionPath: '/extension',
    globalStorageUri: Uri.file('/storage/global'),
    storageUri: undefined,
    logUri: Uri.file('/logs'),
    extensionMode: 1,
    extension: { id: 'sentry-explorer.sentry-explorer', packageJSON: {} },
    asAbsolutePath: (p: string) => `/extension/${p}`,
  });
}
