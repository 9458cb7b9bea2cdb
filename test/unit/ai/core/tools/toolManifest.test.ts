// The tools as package.json declares them and as their files define them: every tool
// file listed in src/ai/core/tools/index.ts, and each with the same name and reference name as its
// manifest entry; descriptions and `when` clauses (written in package.json only); and JSON
// schemas that accept and refuse the same inputs as the valibot schemas the tools parse with, for
// every tool.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { ALL_TOOLS, TOOLS, type ToolKey } from '../../../../../src/ai/core/tools/index';
import { DetailsInput } from '../../../../../src/ai/core/tools/issueDetails';
import { LocationInput } from '../../../../../src/ai/core/tools/issuesAtLocation';
import { parseIssueArg, projectOfShortId } from '../../../../../src/ai/core/tools/issueArg';
import { SearchInput } from '../../../../../src/ai/core/tools/searchIssues';
import { SeerInput } from '../../../../../src/ai/core/tools/seerAnalysis';
import { isToolDefinition, type ToolDefinition } from '../../../../../src/ai/core/tools/tool';
import { TagInput } from '../../../../../src/ai/core/tools/tagDistribution';
import { TraceInput } from '../../../../../src/ai/core/tools/traceDetails';
import { parseInput } from '../../../../../src/ai/core/tools/toolInputs';
import { ToolNames } from '../../../../../src/ai/core/tools/toolNames';
import { UpdateInput } from '../../../../../src/ai/core/tools/updateIssue';
import type * as z from '../../../../../src/model/z';

const TOOLS_DIR = join(__dirname, '../../../../../src/ai/core/tools');
const ToolReferences = Object.fromEntries(TOOLS.map((t) => [t.key, t.referenceName])) as Record<ToolKey, string>;

interface ToolEntry {
  name: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
  displayName: string;
  modelDescription: string;
  userDescription?: string;
  inputSchema: Record<string, unknown>;
  when?: string;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  contributes: { languageModelTools: ToolEntry[]; chatParticipants: { id: string; name: string; commands: { name: string }[] }[]; configuration: { properties: Record<string, unknown> } };
};
const tools = manifest.contributes.languageModelTools;
const entry = (k: keyof typeof ToolNames) => tools.find((t) => t.name === ToolNames[k])!;

const CASES: { tool: keyof typeof ToolNames; schema: z.Schema<unknown>; ok: unknown[]; bad: unknown[] }[] = [
  {
    tool: 'searchIssues',
    schema: SearchInput,
    ok: [{}, { query: 'is:unresolved level:error', project: 'web-frontend', period: '24h', sort: 'freq', limit: 25 }, { query: '' }],
    bad: [{ limit: 26 }, { limit: 0 }, { limit: 2.5 }, { sort: 'priority' }, { period: '2y' }, { query: 'x'.repeat(1001) }, { project: '' }],
  },
  {
    tool: 'issueDetails',
    schema: DetailsInput,
    ok: [{ issue: 'WEB-1' }, { issue: '123', event: 'recommended', maxTokens: 500 }, { issue: 'https://acme.sentry.io/issues/1/', maxTokens: 16000 }],
    bad: [{}, { issue: '' }, { issue: 'WEB-1', event: 'newest' }, { issue: 'WEB-1', maxTokens: 100 }, { issue: 'WEB-1', maxTokens: 16001 }, { issue: 7 }],
  },
  { tool: 'tagDistribution', schema: TagInput, ok: [{ issue: 'WEB-1', tag: 'browser' }], bad: [{ issue: 'WEB-1' }, { tag: 'browser' }, { issue: 'WEB-1', tag: '' }] },
  {
    tool: 'issuesAtLocation',
    schema: LocationInput,
    ok: [{ file: 'src/a.ts' }, { file: 'src/a.ts', line: 1 }, { stackTrace: '\tat a.B.c(B.java:1)' }],
    bad: [{}, { file: '' }, { file: 'a.ts', line: 0 }, { file: 'a.ts', line: 1.5 }, { file: 'a.ts', stackTrace: 'x' }, { stackTrace: '' }, { stackTrace: 'x'.repeat(200_001) }],
  },
  {
    tool: 'updateIssue',
    schema: UpdateInput,
    ok: [
      { issue: 'WEB-1', action: 'resolve' },
      { issue: '1', action: 'archive' },
      { issue: 'WEB-1', action: 'assignToMe' },
    ],
    bad: [{ issue: 'WEB-1' }, { issue: 'WEB-1', action: 'delete' }, { issue: ['WEB-1', 'WEB-2'], action: 'resolve' }, { issues: ['WEB-1'], action: 'resolve' }, { action: 'resolve' }],
  },
  { tool: 'seerAnalysis', schema: SeerInput, ok: [{ issue: 'WEB-1' }, { issue: 'https://acme.sentry.io/issues/1/' }], bad: [{}, { issue: '' }, { issue: 'x'.repeat(2049) }, { issue: 7 }] },
  {
    tool: 'traceDetails',
    schema: TraceInput,
    ok: [
      { target: 'WEB-1' },
      { target: 'b4d1aae7216b47ff8117cf4e09ce9d0b' },
      { target: '123', event: 'oldest', maxSpans: 500, maxLogs: 0 },
      { target: 'WEB-1', event: 'ABCDEF0123456789abcdef0123456789', maxSpans: 1, maxLogs: 200 },
    ],
    bad: [
      {},
      { target: '' },
      { issue: 'WEB-1' },
      { target: 'WEB-1', event: 'newest' },
      { target: 'WEB-1', event: 'abc' },
      { target: 'WEB-1', maxSpans: 0 },
      { target: 'WEB-1', maxSpans: 501 },
      { target: 'WEB-1', maxLogs: 201 },
      { target: 'WEB-1', maxLogs: 1.5 },
    ],
  },
];

describe('AI tools: the manifest and the input schemas', () => {
  it('every tool file of src/ai/core/tools is in the index, named after its key, one tool per file', async () => {
    const found: { file: string; tool: ToolDefinition }[] = [];
    for (const file of readdirSync(TOOLS_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
      const exported: Record<string, unknown> = await import(join(TOOLS_DIR, file));
      for (const value of new Set(Object.values(exported))) if (isToolDefinition(value)) found.push({ file, tool: value });
    }
    assert.deepEqual(
      found.map((f) => f.file),
      [...new Set(found.map((f) => f.file))],
      'one tool per file',
    );
    for (const { file, tool } of found) assert.equal(file, `${tool.key}.ts`);
    assert.deepEqual(found.map((f) => f.tool.key).sort(), ALL_TOOLS.map((t) => t.key).sort(), 'the index lists every tool file');
    for (const t of ALL_TOOLS)
      assert.ok(
        found.some((f) => f.tool === t),
        `${t.key} is the definition its file exports`,
      );
  });

  it("each tool's file and its manifest entry agree: name, reference name, and an input case for each", () => {
    assert.equal(tools.length, ALL_TOOLS.length);
    ALL_TOOLS.forEach((t, i) => {
      const declared = tools[i];
      assert.equal(declared.name, t.name, `package.json lists the tools in the index's order (${t.key})`);
      assert.equal(declared.toolReferenceName, t.referenceName, t.name);
    });
    // package.json's input schema is the only one written: every tool's is held to its valibot input below.
    assert.deepEqual(CASES.map((c) => ToolNames[c.tool]).sort(), ALL_TOOLS.map((t) => t.name).sort());
    for (const c of CASES) assert.equal(c.schema, ALL_TOOLS.find((t) => t.name === ToolNames[c.tool])!.input, `${c.tool}: the case checks the input the tool parses with`);
  });

  it('package.json declares exactly the seven tools, each with its reference name, descriptions, an input schema and a `when`', () => {
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(ToolNames).sort());
    for (const k of Object.keys(ToolNames) as (keyof typeof ToolNames)[]) {
      const t = entry(k);
      assert.equal(t.toolReferenceName, ToolReferences[k]);
      assert.equal(t.canBeReferencedInPrompt, true);
      assert.ok(t.displayName && t.userDescription && t.modelDescription.length > 80, `${t.name} describes itself`);
      assert.equal(t.inputSchema.type, 'object');
      assert.match(t.when ?? '', /config\.sentryExplorer\.ai\.tools/);
    }
    assert.match(entry('updateIssue').when!, /sentryExplorer\.signedIn/, 'the write is offered only when signed in');
    assert.ok(manifest.contributes.configuration.properties['sentryExplorer.ai.tools']);
  });

  it('the JSON schemas and the valibot schemas accept and refuse the same inputs', () => {
    const ajv = new Ajv({ strict: false });
    for (const c of CASES) {
      const validate = ajv.compile(entry(c.tool).inputSchema);
      for (const input of c.ok) {
        assert.ok(validate(input), `${c.tool} JSON schema accepts ${JSON.stringify(input)}: ${ajv.errorsText(validate.errors)}`);
        assert.ok(parseInput(c.schema, input).ok, `${c.tool} valibot accepts ${JSON.stringify(input)}`);
      }
      for (const input of c.bad) {
        const r = parseInput(c.schema, input);
        assert.ok(!r.ok, `${c.tool} valibot refuses ${JSON.stringify(input).slice(0, 80)}`);
        assert.match(r.text, /^Invalid input \(.+\)\. Fix the arguments and call the tool again\.$/);
        assert.ok(!validate(input), `${c.tool} JSON schema refuses ${JSON.stringify(input).slice(0, 80)}`);
      }
    }
  });

  it('@sentry: one participant with /issues, /explain and /file', () => {
    const [p] = manifest.contributes.chatParticipants;
    assert.equal(p.id, 'sentryExplorer.sentry');
    assert.equal(p.name, 'sentry');
    assert.deepEqual(
      p.commands.map((c) => c.name),
      ['issues', 'explain', 'file'],
    );
  });

  it('an issue as a model names it: id, short ID, or web address (read for its org and id, never fetched)', () => {
    assert.deepEqual(parseIssueArg(' 4800000001 '), { kind: 'id', id: '4800000001' });
    assert.deepEqual(parseIssueArg('web-frontend-a'), { kind: 'shortId', shortId: 'WEB-FRONTEND-A' });
    assert.deepEqual(parseIssueArg('WEB-FRONTEND-1A'), { kind: 'shortId', shortId: 'WEB-FRONTEND-1A' });
    assert.deepEqual(parseIssueArg('https://acme.sentry.io/issues/123/?project=4'), { kind: 'id', id: '123', org: 'acme' });
    assert.deepEqual(parseIssueArg('https://sentry.example.com/organizations/acme/issues/123/events/latest/'), { kind: 'id', id: '123', org: 'acme' });
    assert.deepEqual(parseIssueArg('http://127.0.0.1:9000/issues/55'), { kind: 'id', id: '55' });
    for (const bad of ['', 'hello', 'WEB FRONTEND 1', '../../etc/passwd', 'javascript:alert(1)', 'https://acme.sentry.io/settings/', 'file:///issues/1/'])
      assert.equal(parseIssueArg(bad), undefined, bad);
    assert.equal(projectOfShortId('WEB-FRONTEND-1A'), 'web-frontend');
  });
});
