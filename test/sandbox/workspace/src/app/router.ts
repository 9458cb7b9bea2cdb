// @ts-nocheck -- sample application code served by the Sentry sandbox; not part of the extension build.
import { checkout } from './checkout';

type Handler = (params: Record<string, string>) => Promise<void> | void;

interface Route {
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

const routes: Route[] = [];

export function addRoute(path: string, handler: Handler): void {
  const keys: string[] = [];
  const source = path.replace(/:([a-zA-Z]+)/g, (_, key) => {
    keys.push(key);
    return '([^/]+)';
  });
  routes.push({ pattern: new RegExp(`^${source}$`), keys, handler });
}

export async function navigate(pathname: string): Promise<void> {
  const route = routes.find((r) => r.pattern.test(pathname));
  const match = route.pattern.exec(pathname);
  const params: Record<string, string> = {};
  route.keys.forEach((key, index) => {
    params[key] = decodeURIComponent(match[index + 1]);
  });
  await route.handler(params);
}

addRoute('/checkout/:cartId', async ({ cartId }) => {
  await checkout(cartId);
});

addRoute('/products/:category', async ({ category }) => {
  const module = await import('../utils/apiClient');
  await module.fetchProducts(category);
});

window.addEventListener('popstate', () => {
  void navigate(window.location.pathname);
});
