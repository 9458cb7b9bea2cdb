/**
 * "Which whole event is already loaded here", shared without a feature importing another: the events
 * panel, which holds the events its Event tab opened, sets the lookup; the debugger of a recorded
 * event (src/debugEvent) reads it, so a session started for an event on screen makes no request.
 * An event is found only for the server, account and organization its panel is bound to. No
 * `vscode` import.
 */
import { Slot } from './slot';

/** Which event, and whose: the server and account of the session of now, the issue's organization. */
export interface LoadedEventKey {
  readonly baseUrl: string;
  readonly account: string;
  readonly org: string;
  readonly issueId: string;
  /** 32 hex digits. */
  readonly eventId: string;
}

/** The whole event as the API client returned it (masked where it entered), or undefined when none is loaded. */
export type FindLoadedEvent = (key: LoadedEventKey) => unknown;

const NONE: FindLoadedEvent = () => undefined;

/** Set by the events panel; finds nothing while nothing is set. */
export class LoadedEvents extends Slot<FindLoadedEvent> {
  constructor() {
    super(NONE);
  }

  /** Looks up through whatever is set now; bound, so it can be handed on as a function. */
  readonly find: FindLoadedEvent = (key) => this.get()(key);
}
