// Test only: a virtual workspace for the web UI check (test/ui/web.check.ts), as vscode.dev and
// github.dev open one. The scheme sentrytest-memfs serves the sandbox's sample workspace
// (test/sandbox/workspace, read through the server's file system beside this folder) read-only,
// so that the window has no file: folder at all. A FileSearchProvider (a proposed API, which an
// extension under development may use) answers workspace.findFiles, as a virtual workspace's
// provider does on vscode.dev.
const vscode = require('vscode');

const SCHEME = 'sentrytest-memfs';
const ROOT = '/sample';

exports.activate = function activate(context) {
  const disk = vscode.Uri.joinPath(context.extensionUri, '..', 'sandbox', 'workspace');
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
