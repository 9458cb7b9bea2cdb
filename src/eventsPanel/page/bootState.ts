/**
 * The state the page first draws, before the host's `init` answers its handshake: what the page
 * saved itself (getState: the newest, it survives a hide and a reload), else the state the host
 * wrote into the HTML as a JSON data block (`<script type="application/json" id="boot-state">`, see
 * src/eventsPanel/host/pageHtml.ts). With it the header and the chosen tab show as soon as
 * the page runs. Untrusted like any page input: read with parsePanelState.
 */
import { BOOT_STATE_ID, parsePanelState, type PanelState } from '../protocol/messages';

/** The saved state when it is one, else the data block's, else undefined. */
export function bootState(saved: unknown, doc: Pick<Document, 'getElementById'>): PanelState | undefined {
  const own = parsePanelState(saved);
  if (own) return own;
  const text = doc.getElementById(BOOT_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return parsePanelState(JSON.parse(text));
  } catch {
    return undefined;
  }
}
