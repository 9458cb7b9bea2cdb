/**
 * "Open this server location in the editor", shared without a feature importing another: the
 * editor integration (which maps server paths to workspace files) sets it; the events panel calls
 * it for a stack frame or an event's location. No `vscode` import.
 */
import { Slot } from './slot';

/** A stack frame's file and position, as the events page sends them. */
export interface FrameLocation {
  filename?: string | null;
  absPath?: string | null;
  module?: string | null;
  package?: string | null;
  platform?: string | null;
  /** The event's platform and SDK name: Sentry chooses the path a code mapping applies to by them. */
  eventPlatform?: string | null;
  sdkName?: string | null;
  lineNo?: number | null;
  colNo?: number | null;
  /** The issue the frame is of, set by the host (never the page): its project's code mappings apply. */
  issueId?: string;
  /** The repository (`owner/name`) a server says the path is in (Seer's changes): it picks among same-named files and mappings. */
  repo?: string;
}

/** Opens the workspace file a frame (first) or a location names; false when none maps to one. */
export type OpenLocation = (location: string, frame?: FrameLocation) => Promise<boolean>;

const NONE: OpenLocation = async () => false;

/** Set by the editor integration; opens nothing (false) while nothing is set. */
export class LocationOpener extends Slot<OpenLocation> {
  constructor() {
    super(NONE);
  }

  /** Opens through whatever is set now; bound, so it can be handed on as a function. */
  readonly open: OpenLocation = (location, frame) => this.get()(location, frame);
}
