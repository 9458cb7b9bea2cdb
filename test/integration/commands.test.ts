import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/constants';
import { activateExtension, contributes } from './helpers';

const PREFIX = 'sentryExplorer.';

describe('commands', () => {
  before(async () => {
    await activateExtension();
  });

  it('registers every command contributed in package.json', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = (contributes().commands ?? []).map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'contributed but not registered');
  });

  it(`contributes every registered ${PREFIX}* command`, async () => {
    const contributed = new Set((contributes().commands ?? []).map((c) => c.command));
    // VS Code registers "<view id>.focus" and friends for every contributed view: not ours.
    const viewIds = Object.values(contributes().views ?? {})
      .flat()
      .map((v) => v.id);
    const ours = (await vscode.commands.getCommands(true)).filter((id) => id.startsWith(PREFIX) && !viewIds.some((v) => id.startsWith(`${v}.`)));
    const extra = ours.filter((id) => !contributed.has(id));
    assert.deepEqual(extra, [], 'registered but not contributed');
  });

  it('contributes exactly the ids of src/constants.ts, each with a category', () => {
    const contributed = contributes().commands ?? [];
    assert.deepEqual(contributed.map((c) => c.command).sort(), Object.values(Commands).sort());
    for (const c of contributed) assert.ok(c.category, `${c.command} has no category`);
  });
});
