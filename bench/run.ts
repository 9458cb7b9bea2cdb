// npm run bench: every benchmark of the project, printed as one table. Figures, not pass/fail:
// nothing here fails because a machine is slow.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { benchActivation } from './activation';
import { benchAiTools } from './aiTools';
import { benchApi, type Figure } from './api';
import { benchEditor } from './editor';
import { benchEventViewFigures } from './eventView';
import { benchIssues } from './issues';
import { benchMarks } from './marks';
import { benchMask } from './mask';
import { benchOpenIssueFigures } from './openIssue';
import { benchOpenLink } from './openLink';
import { benchWebviewFigures } from './webview';
import { benchTraceViewFigures } from './traceView';

async function bundle(): Promise<Figure[]> {
  execFileSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'ignore' });
  return ['dist/extension.js', 'dist/web/extension.js', 'dist/webview.js'].map((f) => ({ name: `${f} (production)`, value: statSync(f).size / 1024, unit: 'KiB' }));
}

async function main(): Promise<void> {
  const sections: [string, () => Promise<Figure[]>][] = [
    ['bundle', bundle],
    ['activation', benchActivation],
    ['api', benchApi],
    ['issues', benchIssues],
    ['editor', benchEditor],
    ['marks', benchMarks],
    ['webview', benchWebviewFigures],
    ['eventView', benchEventViewFigures],
    ['traceView', benchTraceViewFigures],
    ['aiTools', benchAiTools],
    ['mask', benchMask],
    ['openIssue', benchOpenIssueFigures],
    ['openLink', benchOpenLink],
  ];
  const only = process.argv.slice(2);
  for (const [name, run] of sections) {
    if (only.length && !only.includes(name)) continue;
    const figures = await run();
    console.log(`\n## ${name}`);
    for (const f of figures) console.log(`  ${f.name.padEnd(52)} ${f.value.toFixed(2).padStart(10)} ${f.unit}`);
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
