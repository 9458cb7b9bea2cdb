// node --import tsx test/soak/heapDiff.ts <earlier.heapsnapshot> <later.heapsnapshot> [--most 25]
//
// What grew between two heap snapshots of one extension host (the soak's --heap-snapshots): the
// objects of each constructor (or kind: string, closure, array), by count and by their own size,
// largest growth first. A leak shows as a kind that only grows, minute after minute.
import * as fs from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Count and own size of every (kind, name) in a snapshot. */
export function tally(file: string): Map<string, { count: number; size: number }> {
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = s.snapshot.meta.node_types[0];
  const out = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + typeAt]];
    // A string's name is its text: group strings by kind, so that many distinct texts show as one row.
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : s.strings[s.nodes[i + nameAt]].slice(0, 80);
    const key = `${type} ${name}`.trim();
    const row = out.get(key) ?? { count: 0, size: 0 };
    row.count++;
    row.size += s.nodes[i + sizeAt];
    out.set(key, row);
  }
  return out;
}

function main(argv: string[]): void {
  const [a, b] = argv.filter((x) => !x.startsWith('--'));
  const mostAt = argv.indexOf('--most');
  const most = mostAt >= 0 ? Number(argv[mostAt + 1]) : 25;
  if (!a || !b) throw new Error('usage: heapDiff.ts <earlier.heapsnapshot> <later.heapsnapshot> [--most 25]');
  const before = tally(a);
  const after = tally(b);
  const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
    const x = before.get(key) ?? { count: 0, size: 0 };
    const y = after.get(key) ?? { count: 0, size: 0 };
    return { key, count: y.count - x.count, size: y.size - x.size, now: y.count };
  });
  const total = (m: Map<string, { size: number }>) => [...m.values()].reduce((t, r) => t + r.size, 0);
  console.log(`own sizes: ${(total(before) / 1e6).toFixed(1)} MB -> ${(total(after) / 1e6).toFixed(1)} MB`);
  for (const r of rows.sort((p, q) => q.size - p.size).slice(0, most)) {
    console.log(`${(r.size / 1e3).toFixed(0).padStart(8)} kB ${String(r.count).padStart(8)} objects (${r.now} now)  ${r.key}`);
  }
}

if (process.argv[1]?.endsWith('heapDiff.ts')) main(process.argv.slice(2));
