/**
 * Organization and project named by the workspace's sentry-cli files: `.sentryclirc` (INI,
 * `[defaults] org=… project=…`) and `sentry.properties` (`defaults.org=…`, `defaults.project=…`).
 */
export interface DetectedProject {
  org?: string;
  project?: string;
}

export function parseSentryCliRc(text: string): DetectedProject {
  const out: DetectedProject = {};
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = header[1].trim().toLowerCase();
      continue;
    }
    const kv = /^([^=:]+)[=:](.*)$/.exec(line);
    if (!kv || section !== 'defaults') continue;
    const key = kv[1].trim().toLowerCase();
    const value = unquote(kv[2].trim());
    if (key === 'org' && value) out.org = value;
    if (key === 'project' && value) out.project = value;
  }
  return out;
}

export function parseSentryProperties(text: string): DetectedProject {
  const out: DetectedProject = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const kv = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(line);
    if (!kv) continue;
    const value = unquote(kv[2].trim());
    if (kv[1] === 'defaults.org' && value) out.org = value;
    if (kv[1] === 'defaults.project' && value) out.project = value;
  }
  return out;
}

function unquote(v: string): string {
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}
