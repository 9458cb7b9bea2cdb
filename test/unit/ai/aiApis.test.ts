// Which of the editor's AI APIs the extension uses: only those fully there (src/ai/aiApis.ts).
import * as assert from 'node:assert/strict';
import { aiApis, missingAiApis, type AiHost } from '../../../src/ai/aiApis';

/** A namespace member that records the namespace it was called on (a bound call keeps it). */
function member(calls: unknown[], result: unknown = { dispose() {} }) {
  return function (this: unknown) {
    calls.push(this);
    return result;
  };
}

describe('aiApis (the language model and chat APIs, looked up at run time)', () => {
  it('an editor without vscode.lm and vscode.chat (a fork, or VS Code before 1.90): none, and one log line naming each', () => {
    const apis = aiApis({});
    assert.deepEqual(apis, { tools: undefined, models: undefined, participants: undefined });
    const line = missingAiApis(apis)!;
    assert.match(line, /vscode\.lm\.registerTool, VS Code 1\.95/);
    assert.match(line, /vscode\.lm\.selectChatModels, VS Code 1\.90/);
    assert.match(line, /vscode\.chat\.createChatParticipant, VS Code 1\.90/);
    assert.match(line, /Everything else works as usual/);
  });

  it('VS Code 1.90 to 1.94 (chat models and participants, no tools): the tools are left out', () => {
    const calls: unknown[] = [];
    const lm = { selectChatModels: member(calls, []), onDidChangeChatModels: member(calls) };
    const chat = { createChatParticipant: member(calls) };
    const apis = aiApis({ lm, chat } as unknown as AiHost);
    assert.equal(apis.tools, undefined);
    assert.ok(apis.models && apis.participants);
    assert.match(missingAiApis(apis)!, /^\[ai\] this editor has no API for language model tools .*Everything else works as usual\.$/);
    assert.doesNotMatch(missingAiApis(apis)!, /selectChatModels|createChatParticipant/);
  });

  it('a namespace stubbed with some members, or members that are not functions, counts as missing', () => {
    const apis = aiApis({ lm: { registerTool: 'no', selectChatModels: () => Promise.resolve([]) }, chat: {} } as unknown as AiHost);
    assert.deepEqual(apis, { tools: undefined, models: undefined, participants: undefined });
  });

  it('VS Code 1.95 and later: all three, each called on its own namespace; nothing to log', async () => {
    const calls: unknown[] = [];
    const lm = { registerTool: member(calls), selectChatModels: member(calls, Promise.resolve([])), onDidChangeChatModels: member(calls) };
    const chat = { createChatParticipant: member(calls) };
    const apis = aiApis({ lm, chat } as unknown as AiHost);
    assert.equal(missingAiApis(apis), undefined);
    apis.tools!.registerTool('t', { invoke: () => undefined });
    await apis.models!.selectChatModels();
    apis.models!.onDidChangeChatModels(() => undefined);
    apis.participants!.createChatParticipant('p', () => undefined);
    assert.deepEqual(calls, [lm, lm, lm, chat]);
  });
});
