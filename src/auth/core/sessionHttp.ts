/**
 * The HTTP client of a signed-in session: HttpClient, plus a look at every 401 that names a step
 * to complete in the browser (SSO, 2FA, sudo). HttpClient does not ask for a new token then (the
 * token is fine), so this is where sign-in learns of it and tells the user, keeping the session.
 * No `vscode` import.
 */
import { UnauthorizedError } from '../../api/errors';
import { HttpClient, type HttpClientOptions, type HttpResponse, type RequestSpec } from '../../api/http';

export class SessionHttpClient extends HttpClient {
  constructor(
    options: HttpClientOptions,
    private readonly onStepRequired: (err: UnauthorizedError) => void,
  ) {
    super(options);
  }

  override async request<T>(spec: RequestSpec<T>): Promise<HttpResponse<T>> {
    try {
      return await super.request(spec);
    } catch (err) {
      if (err instanceof UnauthorizedError && err.code) this.onStepRequired(err);
      throw err;
    }
  }
}
