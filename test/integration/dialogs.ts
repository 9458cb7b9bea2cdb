// Lets an extension-host suite confirm or cancel a modal workbench dialog (e.g. the confirmation
// VS Code shows before a language model tool runs outside chat), which code in the extension host
// cannot click. Under test/harness, SENTRY_EXPLORER_TEST_DIALOGS names a folder the harness watches
// (answerDialogs in test/harness/vscode.ts): while answer.json is there, VS Code shows dialogs (in
// extension tests it otherwise auto-confirms confirmations and refuses other dialogs), the harness
// clicks that button on the next one and appends what it said to dialogs.jsonl. Node modules only.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const DIALOGS_ENV = 'SENTRY_EXPLORER_TEST_DIALOGS';

/** One dialog the harness answered. */
export interface DialogRecord {
  /** The id given to answerNextDialog. */
  id: string;
  /** The button asked for (a label, or a regular expression's source). */
  answer: string;
  message: string;
  /** '' when the dialog has none. */
  detail: string;
  /** The labels of the dialog's buttons, in screen order. */
  buttons: string[];
  /** The label clicked; null when no button matched (the dialog is then left open). */
  clicked: string | null;
  error?: string;
}

function dir(): string {
  const d = process.env[DIALOGS_ENV];
  if (!d) throw new Error(`${DIALOGS_ENV} is not set: workbench dialogs can only be answered under test/harness (node --import tsx test/harness/cli.ts integration)`);
  return d;
}

const answerFile = () => path.join(dir(), 'answer.json');

export function dialogChannelAvailable(): boolean {
  const d = process.env[DIALOGS_ENV];
  return !!d && fs.existsSync(d);
}

/**
 * Has the harness click `button` (exact label first, else a case-insensitive regular expression)
 * on the next dialog shown. Resolves once the harness let dialogs through for it, so call it before
 * the code that shows the dialog. Replaces an answer not used yet.
 */
export async function answerNextDialog(button: string, id: string = randomUUID()): Promise<void> {
  const file = answerFile();
  // Written whole, then renamed: the harness never reads half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(tmp, JSON.stringify({ button, id }));
  await fs.promises.rename(tmp, file);
  const deadline = Date.now() + 10_000;
  for (;;) {
    let armed: { id?: string; error?: string } | undefined;
    try {
      armed = JSON.parse(fs.readFileSync(path.join(dir(), 'armed.json'), 'utf8')) as { id?: string; error?: string };
    } catch {
      /* not yet */
    }
    if (armed?.id === id) {
      if (armed.error) {
        clearPendingAnswer(id);
        throw new Error(armed.error);
      }
      return;
    }
    if (Date.now() > deadline) {
      clearPendingAnswer(id);
      throw new Error(`the harness did not take the answer "${button}" (${id}) within 10 s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Drops an answer not used yet, so it cannot click another suite's dialog. */
export function clearPendingAnswer(id?: string): void {
  const file = answerFile();
  try {
    if (id === undefined || (JSON.parse(fs.readFileSync(file, 'utf8')) as { id?: string }).id === id) fs.rmSync(file, { force: true });
  } catch {
    /* none pending */
  }
}

export function dialogsSeen(): DialogRecord[] {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir(), 'dialogs.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DialogRecord);
}

/** Resolves with the dialog answered for `id`; on timeout its answer is dropped and this throws. */
export async function waitForDialog(id: string, timeoutMs = 15_000): Promise<DialogRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = dialogsSeen().find((r) => r.id === id);
    if (found) return found;
    if (Date.now() > deadline) {
      clearPendingAnswer(id);
      throw new Error(`no workbench dialog was answered for "${id}" within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
