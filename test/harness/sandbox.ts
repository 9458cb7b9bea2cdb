// The seeded sandbox service (test/sandbox) as the VS Code runs and the demo use it.
import { startSandbox, WORKSPACE_DIR, type Sandbox } from '../sandbox/index';

export { startSandbox, type Sandbox };

/** The sample workspace whose files the sandbox's events point into. */
export const SANDBOX_WORKSPACE = WORKSPACE_DIR;

/** The user settings that point the extension at a running sandbox. */
export function sandboxSettings(sb: Sandbox): Record<string, unknown> {
  return {
    'sentryExplorer.baseUrl': sb.url,
    'sentryExplorer.oauth.clientId': sb.defaults.clientId,
  };
}
