// A tool's refused input, in the words a model can act on: each wrong field and what it should be.
import assert from 'node:assert/strict';
import { parseInput } from '../../../../../src/ai/core/tools/toolInputs';
import { SearchInput } from '../../../../../src/ai/core/tools/searchIssues';
import { UpdateInput } from '../../../../../src/ai/core/tools/updateIssue';

const FIX = 'Fix the arguments and call the tool again.';

describe('AI tools: a refused input names each wrong field and what it should be', () => {
  it('a number out of range, a wrong type, a choice that is not one', () => {
    assert.deepEqual(parseInput(SearchInput, { limit: 500 }), { ok: false, text: `Invalid input (limit: expected at most 25). ${FIX}` });
    assert.deepEqual(parseInput(SearchInput, { limit: 2.5, query: 3 }), { ok: false, text: `Invalid input (query: expected string; limit: expected int). ${FIX}` });
    assert.deepEqual(parseInput(UpdateInput, { issue: 'WEB-1', action: 'delete' }), {
      ok: false,
      text: `Invalid input (action: expected "resolve" or "archive" or "assignToMe"). ${FIX}`,
    });
  });

  it('a missing field says what it should have been; a list is not the input object', () => {
    assert.deepEqual(parseInput(UpdateInput, { action: 'resolve' }), { ok: false, text: `Invalid input (issue: expected string). ${FIX}` });
    assert.deepEqual(parseInput(SearchInput, []), { ok: false, text: `Invalid input (input: expected object). ${FIX}` });
  });

  it('a valid input is read, unknown fields dropped', () => {
    assert.deepEqual(parseInput(SearchInput, { limit: 5, extra: 1 }), { ok: true, value: { limit: 5 } });
  });
});
