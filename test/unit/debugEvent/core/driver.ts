// Drives a RecordedEventAdapter as VS Code does: requests in order, each answered by one response,
// events kept in the order they came.
import { RecordedEventAdapter, type AdapterOptions } from '../../../../src/debugEvent/core/adapter';
import { readRecordedEvent } from '../../../../src/model/event/recordedEvent';

export class Driver {
  readonly messages: any[] = [];
  private seq = 1;
  readonly adapter: RecordedEventAdapter;

  constructor(raw: unknown, options: Partial<AdapterOptions> = {}) {
    this.adapter = new RecordedEventAdapter(readRecordedEvent(raw, '42'), { resolve: async () => undefined, ...options });
    this.adapter.onDidSendMessage((m) => this.messages.push(m));
  }

  /** The response to one request (success or not). */
  async send(command: string, args?: unknown): Promise<any> {
    const seq = this.seq++;
    this.adapter.handleMessage({ seq, type: 'request', command, arguments: args } as any);
    for (let i = 0; i < 100; i++) {
      const r = this.messages.find((m) => m.type === 'response' && m.request_seq === seq);
      if (r) return r;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no response to ${command}`);
  }

  /** The body of a successful response; a failed one throws with its message. */
  async body(command: string, args?: unknown): Promise<any> {
    const r = await this.send(command, args);
    if (!r.success) throw new Error(`${command} failed: ${r.message}`);
    return r.body;
  }

  events(name: string): any[] {
    return this.messages.filter((m) => m.type === 'event' && m.event === name);
  }

  /** initialize, launch, configurationDone: what VS Code sends to start a session. */
  async start(): Promise<any> {
    const caps = await this.body('initialize', { adapterID: 'sentry-event' });
    await this.body('launch', {});
    await this.body('configurationDone');
    return caps;
  }

  async stack(threadId = 1): Promise<any[]> {
    return (await this.body('stackTrace', { threadId, startFrame: 0, levels: 100 })).stackFrames;
  }

  /** The variables of a scope by name, as name → value. */
  async scope(frameId: number, name: string): Promise<{ rows: any[]; ref: number }> {
    const scopes = (await this.body('scopes', { frameId })).scopes;
    const scope = scopes.find((s: any) => s.name.startsWith(name));
    if (!scope) throw new Error(`no scope ${name}: ${scopes.map((s: any) => s.name).join(', ')}`);
    return { rows: (await this.body('variables', { variablesReference: scope.variablesReference })).variables, ref: scope.variablesReference };
  }

  async children(ref: number): Promise<any[]> {
    return (await this.body('variables', { variablesReference: ref })).variables;
  }
}

/** Text without the word joiners the adapter puts in to keep event text from becoming links. */
export const plain = (s: string): string => s.replace(/\u2060/g, '');
