// @ts-nocheck -- sample application code served by the Sentry sandbox; not part of the extension build.
const BASE_URL = '/api/v2';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(BASE_URL + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (response.status >= 500) {
    throw new ApiError(response.status, path, `${method} ${path} failed with ${response.status}`);
  }
  if (response.status === 401) {
    window.location.assign('/login');
    throw new ApiError(401, path, 'Session expired');
  }
  return response;
}

export const apiClient = {
  async get(path: string) {
    const response = await request('GET', path);
    const data = await response.json();
    return data.result;
  },
  post(path: string, body: unknown) {
    return request('POST', path, body);
  },
  async delete(path: string) {
    const response = await request('DELETE', path);
    if (!response.ok) {
      throw new ApiError(response.status, path, `Could not delete ${path}`);
    }
  },
};

export async function fetchProducts(category: string) {
  const products = await apiClient.get(`/products?category=${encodeURIComponent(category)}`);
  return products.map((p) => ({ ...p, price: p.price.amount }));
}
