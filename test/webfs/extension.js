// Test only: a virtual workspace for the web UI check (test/ui/web.check.ts), as vscode.dev and
// github.dev open one. The scheme sentrytest-memfs serves a folder of the server's file system
// (the setting sentrytestMemfs.root: the sandbox's sample workspace) read-only, so that the window
// has no file: folder at all. A FileSearchProvider (a proposed API, enabled for this extension by
// the server's --enable-proposed-api) answers workspace.findFiles and Quick Open, as a virtual
// workspace's provider does on vscode.dev. Installed from a .vsix by test/ui/run.ts (the workbench
// takes one extension under development, and that one is Sentry Explorer).
const vscode = require('vscode');

const SCHEME = 'sentrytest-memfs';
const ROOT = '/sample';

exports.activate = function activate(context) {
  const root = vscode.workspace.getConfiguration('sentrytestMemfs').get('root');
  if (typeof root !== 'string' || !root.startsWith('/')) throw new Error('sentrytestMemfs.root must name a folder on the server');
  // The server's files, as the window reaches them (vscode-remote://<authority>/<path>).
  const disk = context.extensionUri.with({ path: root });
  const onDisk = (uri) => {
    if (uri.path !== ROOT && !uri.path.startsWith(`${ROOT}/`)) throw vscode.FileSystemError.FileNotFound(uri);
    const rel = uri.path.slice(ROOT.length).replace(/^\/+/, '');
    return rel ? vscode.Uri.joinPath(disk, ...rel.split('/')) : disk;
  };
  const readOnly = (uri) => {
    throw vscode.FileSystemError.NoPermissions(uri);
  };
  const changes = new vscode.EventEmitter();
  const provider = {
    onDidChangeFile: changes.event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: async (uri) => {
      const s = await vscode.workspace.fs.stat(onDisk(uri));
      return { type: s.type, ctime: s.ctime, mtime: s.mtime, size: s.size, permissions: vscode.FilePermission.Readonly };
    },
    readDirectory: (uri) => vscode.workspace.fs.readDirectory(onDisk(uri)),
    readFile: (uri) => vscode.workspace.fs.readFile(onDisk(uri)),
    createDirectory: readOnly,
    writeFile: readOnly,
    delete: readOnly,
    rename: readOnly,
  };
  context.subscriptions.push(changes, vscode.workspace.registerFileSystemProvider(SCHEME, provider, { isCaseSensitive: true, isReadonly: true }));

  async function walk(dir, out, token) {
    for (const [name, type] of await provider.readDirectory(dir)) {
      if (token.isCancellationRequested) return;
      const uri = vscode.Uri.joinPath(dir, name);
      if (type & vscode.FileType.Directory) {
        if (name !== '.git' && name !== 'node_modules') await walk(uri, out, token);
      } else out.push(uri);
    }
  }
  context.subscriptions.push(
    vscode.workspace.registerFileSearchProvider(SCHEME, {
      async provideFileSearchResults(query, options, token) {
        const all = [];
        await walk(options.folder, all, token);
        const pattern = (query.pattern || '').toLowerCase();
        const found = pattern ? all.filter((u) => u.path.toLowerCase().includes(pattern)) : all;
        return options.maxResults ? found.slice(0, options.maxResults) : found;
      },
    }),
  );
};

exports.deactivate = function deactivate() {};
