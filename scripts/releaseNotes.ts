// The release note of a version: its section of CHANGELOG.md. The release workflow
// (.github/workflows/release.yml) runs it on the pushed tag before anything is built:
//   node --import tsx scripts/releaseNotes.ts --tag v1.2.3 [--out notes.md]
// It fails when the tag is not `v` + package.json's version, or when CHANGELOG.md has no section
// for that version (a heading `## [1.2.3] - YYYY-MM-DD`) or only an empty one; else it prints the
// section's body (and writes it to --out), which becomes the GitHub release's text.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** `## [1.2.3] - 2026-11-23` (Keep a Changelog): the version, and the date it was released. */
const HEADING = /^## \[([^\]]+)\](?:\s+-\s+(\d{4}-\d{2}-\d{2}))?\s*$/;

/** The version a release tag names: `v1.2.3` -> `1.2.3`; undefined for anything else. */
export function tagVersion(tag: string): string | undefined {
  const m = /^(?:refs\/tags\/)?v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(tag.trim());
  return m?.[1];
}

/**
 * The body of `version`'s section of a Keep a Changelog file: from below its heading to the next
 * `## ` heading or a link definition block, trimmed. Throws, saying what to write, when the section is
 * missing, undated or empty.
 */
export function releaseNotes(changelog: string, version: string): string {
  const lines = changelog.split(/\r?\n/);
  const start = lines.findIndex((l) => HEADING.exec(l)?.[1] === version);
  if (start < 0) throw new Error(`CHANGELOG.md has no section for ${version}: rename "## [Unreleased]" to "## [${version}] - YYYY-MM-DD" (and open a new Unreleased one above it)`);
  if (!HEADING.exec(lines[start])?.[2]) throw new Error(`CHANGELOG.md's section for ${version} has no date: "## [${version}] - YYYY-MM-DD"`);
  const end = lines.findIndex((l, i) => i > start && (/^## /.test(l) || /^\[[^\]]+\]:\s/.test(l)));
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  if (!body) throw new Error(`CHANGELOG.md's section for ${version} is empty: say what the release changes`);
  return `${body}\n`;
}

function main(argv: string[]): void {
  const at = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const tag = at('--tag');
  if (!tag) throw new Error('usage: node --import tsx scripts/releaseNotes.ts --tag v1.2.3 [--out notes.md]');
  const version = tagVersion(tag);
  if (!version) throw new Error(`the tag ${tag} is not a release tag (v followed by a semantic version, like v1.2.3)`);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  if (pkg.version !== version)
    throw new Error(`the tag ${tag} names ${version}, but package.json's version is ${pkg.version}: bump package.json (npm version ${version} --no-git-tag-version), commit, and tag that commit`);
  const notes = releaseNotes(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), version);
  const out = at('--out');
  if (out) writeFileSync(out, notes);
  process.stdout.write(notes);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
