// The text a mark carries, against the sandbox: from a full event some feature read (the marks' own
// fallback included), else the open document's line the first time the mark went there, kept with
// its location so a reload, and a later version of the file, compare with the same text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_DIR, workspaceFilePaths } from '../../../sandbox/index';
import { describeEachProfile, useSandbox } from '../../api/sandbox';
import type { PlacedMark } from '../../../../src/editor/core/marks';
import { compactLine } from '../../../../src/model/event/frameText';
import { LocationCache } from '../../../../src/editor/core/locationCache';
import { lineKey, placeByText } from '../../../../src/editor/core/movedLines';
import { file, finderOn, issueEvents } from './markFixture';

const STORE = 'src/app/store.ts';
const all = (marks: ReadonlyMap<string, readonly PlacedMark[]>) => [...marks.values()].flat();

describeEachProfile('MarkPlacer: the text of a mark', function (profile) {
  this.timeout(60_000);
  const box = useSandbox({ profile, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  const workspace = workspaceFilePaths();
  const scope = { org: 'acme', projects: ['web-frontend'] };
  const fileLines = readFileSync(join(WORKSPACE_DIR, STORE), 'utf8').split('\n');
  /** The open document: the file as it is on disk; `asked` counts the lines read. */
  const editor = () => {
    const asked: number[] = [];
    const lineText = (key: string, line: number) => {
      if (key !== file(STORE).key || line >= fileLines.length) return undefined;
      asked.push(line);
      return { line: compactLine(fileLines[line]), before: fileLines.slice(Math.max(0, line - 2), line).map(compactLine) };
    };
    return { asked, lineText };
  };

  it("without a full event, the document's line the first time a mark goes there; kept, so the next run reads no line and writes no storage", async () => {
    const shown = editor();
    const { find, cache, client } = finderOn(box.get(), workspace, scope, { lineText: shown.lineText });
    const { marks } = await find([file(STORE)]);
    const placed = (marks.get(file(STORE).key) ?? []).filter((m) => m.source === 'location');
    assert.ok(placed.length > 5, `${placed.length} marks`);
    for (const m of placed) {
      assert.equal(m.text?.line, lineKey(fileLines[m.line]), `${m.issueId} at ${m.line}`);
      assert.equal(cache.peek(`${client.baseUrl} ${m.issueId}`)?.text?.source, 'editor');
    }
    cache.takeChanges();
    const asked = shown.asked.length;
    const again = await find([file(STORE)]);
    assert.equal(shown.asked.length, asked, 'no line read again');
    assert.equal(cache.takeChanges(), undefined, 'nothing new to store');
    assert.deepEqual(
      all(again.marks).map((m) => m.text),
      all(marks).map((m) => m.text),
    );
  });

  it('what is kept in workspace storage holds no source line, only keys of them, and marks still follow moved code by them', async () => {
    const shown = editor();
    const { find, cache, client } = finderOn(box.get(), workspace, scope, { lineText: shown.lineText });
    const { marks } = await find([file(STORE)]);
    const placed = (marks.get(file(STORE).key) ?? []).filter((m) => m.source === 'location');
    assert.ok(placed.length > 5, `${placed.length} marks`);
    const stored = JSON.stringify(cache.takeChanges());
    for (const m of placed) {
      for (let n = Math.max(0, m.line - 2); n <= m.line; n++) {
        const line = compactLine(fileLines[n]);
        if (line.length >= 6) assert.ok(!stored.includes(JSON.stringify(line).slice(1, -1)), `line ${n + 1} (${line}) is in what is stored`);
      }
    }
    // Reloaded from storage, a mark whose code moved down two lines still finds it.
    const m = placed.find((x) => compactLine(fileLines[x.line]).length >= 6)!;
    const kept = LocationCache.fromJSON(JSON.parse(stored)).peek(`${client.baseUrl} ${m.issueId}`)!.text!;
    const moved = [...fileLines.slice(0, m.line), '', '', ...fileLines.slice(m.line)];
    assert.deepEqual(placeByText(kept, m.line, { lineCount: moved.length, lineAt: (n) => moved[n] }), { line: m.line + 2, movedFrom: m.line });
  });

  it('a full event read by another feature gives its frame text, over the baseline, with no request of the marks', async () => {
    const shown = editor();
    const { find, cache, client, store } = finderOn(box.get(), workspace, scope, { lineText: shown.lineText });
    const first = await find([file(STORE)]);
    const m = (first.marks.get(file(STORE).key) ?? []).find((x) => x.source === 'location')!;
    const location = cache.peek(`${client.baseUrl} ${m.issueId}`)!.location!;
    const [path, line] = [location.slice(0, location.lastIndexOf(':')), Number(location.slice(location.lastIndexOf(':') + 1))];
    // As the events panel or an AI tool would, with a frame at the mark's location.
    store.eventText.record(client.baseUrl, m.issueId, {
      entries: [
        {
          type: 'exception',
          data: {
            values: [
              {
                stacktrace: {
                  frames: [
                    {
                      filename: path,
                      lineNo: line,
                      inApp: true,
                      context: [
                        [line - 1, 'before()'],
                        [line, '  the( event, line )'],
                      ],
                    },
                  ],
                },
              },
            ],
          },
        },
      ],
    });
    const { marks, log } = await find([file(STORE)]);
    const again = all(marks).find((x) => x.issueId === m.issueId)!;
    assert.deepEqual(again.text, { at: location, line: lineKey('the( event, line )'), before: [lineKey('before()')], after: [], source: 'event' });
    assert.equal(cache.peek(`${client.baseUrl} ${m.issueId}`)?.text?.source, 'event');
    assert.equal(issueEvents(log).length, 0);
  });

  it("an issue placed by its latest full event's frame (a bare file name) takes that frame's text from the event", async () => {
    // The events table names a bare file's frame itself: only a server without it reads the full event.
    const { find } = finderOn(box.get(), workspace, scope, { lines: 'latestEvent' });
    const { marks } = await find(workspace.filter((f) => f.startsWith('src/')).map((f) => file(f)));
    const framed = all(marks).filter((m) => m.source === 'frame');
    assert.ok(framed.length > 0, 'some issues have a bare file name');
    for (const m of framed) assert.equal(m.text?.source, 'event', m.issueId);
    // The sandbox's context lines are the workspace's: the text is the line it names.
    for (const [key, ms] of marks) {
      const lines = readFileSync(join(WORKSPACE_DIR, key.replace('file:///ws/', '')), 'utf8').split('\n');
      for (const m of ms.filter((x) => x.source === 'frame')) assert.equal(m.text?.line, lineKey(lines[m.line]), `${key} ${m.line + 1}`);
    }
  });
});
