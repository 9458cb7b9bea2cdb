/**
 * The VS Code UI entry points that sign-in and the Issues view use, as one replaceable object:
 * tests inside VS Code (where dialogs are refused) swap parts of it to answer prompts.
 */
import * as vscode from 'vscode';
import { plainText } from './untrusted';

/** Our own messages are longer than one piece of server text; the whole message is still bounded. */
const MAX_MESSAGE = 2000;

/** Every notification passes here: whatever server text a message embeds cannot form a link or a command. */
function safeOptions(options: vscode.MessageOptions): vscode.MessageOptions {
  return options.detail === undefined ? options : { ...options, detail: plainText(options.detail, MAX_MESSAGE) };
}

/** A button in an input box's title bar: `run` is called when it is clicked, and the box stays open. */
export interface InputBoxButton extends vscode.QuickInputButton {
  run(): unknown;
}

/** showInputBox's options, plus buttons and a first message (such a box is made with createInputBox). */
export interface InputBoxWithButtonsOptions extends vscode.InputBoxOptions {
  buttons?: readonly InputBoxButton[];
  /** Shown as the box opens, until the value changes: what was wrong with the value it opens with. */
  validationMessage?: string;
}

export interface AuthUi {
  showQuickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  showInputBox(options: InputBoxWithButtonsOptions): Thenable<string | undefined>;
  showInformationMessage(message: string, options: vscode.MessageOptions, ...items: string[]): Thenable<string | undefined>;
  showWarningMessage(message: string, options: vscode.MessageOptions, ...items: string[]): Thenable<string | undefined>;
  showErrorMessage(message: string, options: vscode.MessageOptions, ...items: string[]): Thenable<string | undefined>;
  withProgress<R>(options: vscode.ProgressOptions, task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>): Thenable<R>;
  openExternal(uri: vscode.Uri): Thenable<boolean>;
  asExternalUri(uri: vscode.Uri): Thenable<vscode.Uri>;
  writeClipboard(text: string): Thenable<void>;
}

export function defaultUi(): AuthUi {
  return {
    showQuickPick: (items, options) => vscode.window.showQuickPick(items, options),
    showInputBox: (options) => (options.buttons?.length || options.validationMessage ? inputBoxWithButtons(options) : vscode.window.showInputBox(options)),
    showInformationMessage: (m, o, ...items) => vscode.window.showInformationMessage(m, o, ...items),
    showWarningMessage: (m, o, ...items) => vscode.window.showWarningMessage(m, o, ...items),
    showErrorMessage: (m, o, ...items) => vscode.window.showErrorMessage(m, o, ...items),
    withProgress: (options, task) => vscode.window.withProgress(options, task),
    openExternal: (uri) => vscode.env.openExternal(uri),
    asExternalUri: (uri) => vscode.env.asExternalUri(uri),
    writeClipboard: (text) => vscode.env.clipboard.writeText(text),
  };
}

/** What showInputBox does, with buttons in the title bar: resolves with the accepted value, or undefined when the box is hidden. */
function inputBoxWithButtons(options: InputBoxWithButtonsOptions): Thenable<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    box.prompt = options.prompt;
    box.placeholder = options.placeHolder;
    box.value = options.value ?? '';
    if (options.valueSelection) box.valueSelection = options.valueSelection;
    box.password = !!options.password;
    box.ignoreFocusOut = !!options.ignoreFocusOut;
    box.buttons = options.buttons ?? [];
    box.validationMessage = options.validationMessage;
    let checks = 0;
    /** Validates `value` and shows the result (unless a later check overtook it); true when it blocks accepting. */
    const check = async (value: string): Promise<boolean> => {
      const n = ++checks;
      const result = (await options.validateInput?.(value)) ?? undefined;
      if (n === checks) box.validationMessage = result;
      return typeof result === 'string' ? result.length > 0 : result?.severity === vscode.InputBoxValidationSeverity.Error;
    };
    let done = false;
    const finish = (value: string | undefined) => {
      if (done) return;
      done = true;
      for (const d of subscriptions) d.dispose();
      box.dispose();
      resolve(value);
    };
    const subscriptions = [
      box.onDidChangeValue((value) => void check(value)),
      box.onDidAccept(async () => {
        const value = box.value;
        if (!(await check(value))) finish(value);
      }),
      // The button's own work reports its failures; a throw must not end the box or go unhandled.
      box.onDidTriggerButton(
        (button) =>
          void Promise.resolve()
            .then(() => (button as InputBoxButton).run?.())
            .catch(() => undefined),
      ),
      box.onDidHide(() => finish(undefined)),
    ];
    // Like showInputBox: the first value is checked when it changes or is accepted, not shown checked at once.
    box.show();
  });
}

/**
 * A holder whose parts tests can replace and restore. Messages are made safe before they reach
 * whichever part is in place, so what a suite records is exactly what a person would see.
 */
export class UiHolder {
  private current: AuthUi = defaultUi();
  private readonly safe: AuthUi = {
    showQuickPick: (items, options) => this.current.showQuickPick(items, options),
    showInputBox: (options) => this.current.showInputBox(options),
    showInformationMessage: (m, o, ...items) => this.current.showInformationMessage(plainText(m, MAX_MESSAGE), safeOptions(o), ...items),
    showWarningMessage: (m, o, ...items) => this.current.showWarningMessage(plainText(m, MAX_MESSAGE), safeOptions(o), ...items),
    showErrorMessage: (m, o, ...items) => this.current.showErrorMessage(plainText(m, MAX_MESSAGE), safeOptions(o), ...items),
    withProgress: (options, task) => this.current.withProgress(options, task),
    openExternal: (uri) => this.current.openExternal(uri),
    asExternalUri: (uri) => this.current.asExternalUri(uri),
    writeClipboard: (text) => this.current.writeClipboard(text),
  };
  get ui(): AuthUi {
    return this.safe;
  }
  override(parts: Partial<AuthUi>): void {
    this.current = { ...this.current, ...parts };
  }
  reset(): void {
    this.current = defaultUi();
  }
}
