/**
 * Request/reply over the webview's postMessage: each request gets an id and exactly one reply
 * (the protocol's `response` with that id), handed to the callback it was asked with; every other
 * host message goes to `onNotice`. Also the page's getState/setState. Callbacks run inside the
 * message event, in the order the host answered, as the page's state changes expect.
 */
import { asHostMessage, type HostMessage, type PageMessage, type RequestMethod, type Requests, type ResponseMessage } from '../protocol/messages';

/** What acquireVsCodeApi() returns. */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export type Notice = Exclude<HostMessage, { type: 'response' }>;

export class Rpc {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: ResponseMessage) => void>();

  constructor(
    private readonly api: VsCodeApi,
    onNotice: (notice: Notice) => void,
    target: Pick<Window, 'addEventListener'> = window,
  ) {
    target.addEventListener('message', (ev: MessageEvent) => {
      const msg = asHostMessage(ev.data);
      if (!msg) return;
      if (msg.type !== 'response') return onNotice(msg);
      const reply = this.pending.get(msg.id);
      if (!reply) return;
      this.pending.delete(msg.id);
      reply(msg);
    });
  }

  /** Asks the host; `onReply` gets its one answer (a reply that never comes is never called). */
  request<M extends RequestMethod>(method: M, params: Requests[M]['params'], onReply: (reply: ResponseMessage<M>) => void): void {
    const id = this.nextId++;
    // The host answers with the method it was asked: the reply is of this method.
    this.pending.set(id, onReply as (reply: ResponseMessage) => void);
    this.post({ type: 'request', id, method, params } as PageMessage);
  }

  /** Drops every reply still awaited: they would answer questions about another issue. */
  forgetPending(): void {
    this.pending.clear();
  }

  post(message: PageMessage): void {
    this.api.postMessage(message);
  }

  get savedState(): unknown {
    return this.api.getState();
  }

  save(state: unknown): void {
    this.api.setState(state);
  }
}
