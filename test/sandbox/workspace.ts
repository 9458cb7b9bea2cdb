// The sample workspace shipped beside the sandbox (test/sandbox/workspace/) and the crash sites
// (call chains into real lines of its files) that seeded issues and events point at.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Directory of the sample workspace (open it in VS Code to see decorations). */
export const WORKSPACE_DIR = path.join(__dirname, 'workspace');

export type ProjectSlug = 'web-frontend' | 'api-server' | 'worker';

interface FrameSpec {
  file: string; // workspace-relative path
  find: string; // text on the line the frame points at (first occurrence in the file)
  fn: string;
  vars?: Record<string, unknown>;
}

export interface ExceptionSpec {
  type: string;
  module?: string;
  /** Templates; {placeholders} are filled in by the seed generator. */
  values: string[];
}

interface CrashSiteSpec {
  key: string;
  project: ProjectSlug;
  prefix: 'react' | 'browser' | 'flask' | 'celery' | 'none';
  chain: FrameSpec[]; // in-app frames, oldest first; the last one is the crash (or the caller of a library crash)
  suffix?: 'sqlalchemy' | 'smtplib' | 'json';
  exceptions: ExceptionSpec[];
  transactions: string[];
}

/** A stack frame as served (camelCase keys like Sentry's event JSON), minus absPath which depends on the issue. */
export interface SiteFrame {
  filename: string;
  /** Fixed absPath (library frames); null for workspace frames, whose absPath depends on the issue. */
  absPath: string | null;
  module: string | null;
  function: string | null;
  lineNo: number | null;
  colNo: number | null;
  inApp: boolean;
  context: Array<[number, string]>;
  vars: Record<string, unknown> | null;
  /** Cocoa's package folder, a Dart package, a .NET assembly (Sentry's sample events); absent: null. */
  package?: string | null;
  /** The frame's own platform where it differs from its event's (a JVM frame of a React Native event); absent: null. */
  platform?: string | null;
  /** True for frames that point into the sample workspace. */
  workspace: boolean;
}

export interface CrashSite {
  key: string;
  project: ProjectSlug;
  platform: 'javascript' | 'python';
  frames: SiteFrame[]; // oldest first, crash frame last
  /** The in-app frame whose file/line is the event location (the last in-app frame). */
  locationFrame: SiteFrame;
  exceptions: ExceptionSpec[];
  transactions: string[];
}

const SITE_SPECS: CrashSiteSpec[] = [
  // ---------------------------------------------------------------- web-frontend (javascript)
  {
    key: 'checkout-discount',
    project: 'web-frontend',
    prefix: 'react',
    chain: [
      { file: 'src/components/Cart.tsx', find: 'const confirmation = await checkout(cartId);', fn: 'handleCheckout' },
      { file: 'src/app/checkout.ts', find: 'const confirmation = await submitOrder(order);', fn: 'checkout' },
      { file: 'src/app/checkout.ts', find: 'const total = computeTotal(order);', fn: 'submitOrder' },
      { file: 'src/app/checkout.ts', find: 'const subtotal = order.items.reduce(', fn: 'computeTotal' },
      { file: 'src/app/checkout.ts', find: 'item.discount.percent', fn: '<anonymous>' },
    ],
    exceptions: [
      { type: 'TypeError', values: ["Cannot read properties of undefined (reading 'percent')", "undefined is not an object (evaluating 'item.discount.percent')", 'item.discount is undefined'] },
    ],
    transactions: ['/checkout/:cartId', '/cart'],
  },
  {
    key: 'coupon-missing',
    project: 'web-frontend',
    prefix: 'react',
    chain: [{ file: 'src/app/checkout.ts', find: 'if (!coupon.active) {', fn: 'applyCoupon' }],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'active')", "undefined is not an object (evaluating 'coupon.active')"] }],
    transactions: ['/cart'],
  },
  {
    key: 'coupon-inactive',
    project: 'web-frontend',
    prefix: 'react',
    chain: [{ file: 'src/app/checkout.ts', find: 'throw new Error(`Coupon ${code} is no longer active`);', fn: 'applyCoupon' }],
    exceptions: [{ type: 'Error', values: ['Coupon {coupon} is no longer active'] }],
    transactions: ['/cart'],
  },
  {
    key: 'empty-order',
    project: 'web-frontend',
    prefix: 'react',
    chain: [
      { file: 'src/components/Cart.tsx', find: 'const confirmation = await checkout(cartId);', fn: 'handleCheckout' },
      { file: 'src/app/checkout.ts', find: 'const confirmation = await submitOrder(order);', fn: 'checkout' },
      { file: 'src/app/checkout.ts', find: "throw new Error('Cannot submit an empty order');", fn: 'submitOrder' },
    ],
    exceptions: [{ type: 'Error', values: ['Cannot submit an empty order'] }],
    transactions: ['/checkout/:cartId'],
  },
  {
    key: 'order-conflict',
    project: 'web-frontend',
    prefix: 'react',
    chain: [
      { file: 'src/app/checkout.ts', find: 'const confirmation = await submitOrder(order);', fn: 'checkout' },
      { file: 'src/app/checkout.ts', find: 'throw new Error(`Order ${order.id} was already submitted`);', fn: 'submitOrder' },
    ],
    exceptions: [{ type: 'Error', values: ['Order {order} was already submitted'] }],
    transactions: ['/checkout/:cartId'],
  },
  {
    key: 'confirmation-missing',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/app/checkout.ts', find: 'const confirmation = await submitOrder(order);', fn: 'checkout' },
      { file: 'src/app/checkout.ts', find: 'return body.order.confirmationNumber;', fn: 'submitOrder' },
    ],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'confirmationNumber')", "Cannot read properties of null (reading 'confirmationNumber')"] }],
    transactions: ['/checkout/:cartId'],
  },
  {
    key: 'cart-json',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/app/router.ts', find: 'await checkout(cartId);', fn: 'Object.handler' },
      { file: 'src/app/checkout.ts', find: 'const order: Order = JSON.parse(cart.payload);', fn: 'checkout' },
    ],
    exceptions: [
      { type: 'SyntaxError', values: ['Unexpected token < in JSON at position 0', 'JSON.parse: unexpected end of data at line 1 column 1 of the JSON data', '"undefined" is not valid JSON'] },
    ],
    transactions: ['/checkout/:cartId'],
  },
  {
    key: 'store-unknown-action',
    project: 'web-frontend',
    prefix: 'react',
    chain: [
      { file: 'src/app/store.ts', find: 'state = reducerFn(state, action);', fn: 'Object.dispatch' },
      { file: 'src/app/store.ts', find: 'throw new Error(`Unknown action type: ${action.type}`);', fn: 'reducer' },
    ],
    exceptions: [{ type: 'Error', values: ['Unknown action type: {action}'] }],
    transactions: ['/cart', '/products/:category'],
  },
  {
    key: 'store-session',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/app/store.ts', find: 'state = reducerFn(state, action);', fn: 'Object.dispatch' },
      { file: 'src/app/store.ts', find: 'user: { id: action.user.id', fn: 'reducer' },
    ],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'id')", "Cannot read properties of null (reading 'id')"] }],
    transactions: ['/', '/account'],
  },
  {
    key: 'cart-row-price',
    project: 'web-frontend',
    prefix: 'react',
    chain: [{ file: 'src/components/Cart.tsx', find: 'const price = formatPrice(item.product.price * item.quantity);', fn: 'CartRow' }],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'price')", "undefined is not an object (evaluating 'item.product.price')"] }],
    transactions: ['/cart'],
  },
  {
    key: 'cart-total',
    project: 'web-frontend',
    prefix: 'react',
    chain: [{ file: 'src/components/Cart.tsx', find: 'const total = items.reduce(', fn: 'Cart' }],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'price')", "Cannot read properties of null (reading 'price')"] }],
    transactions: ['/cart'],
  },
  {
    key: 'format-price',
    project: 'web-frontend',
    prefix: 'react',
    chain: [
      { file: 'src/components/Cart.tsx', find: '{formatPrice(total, currency)}', fn: 'Cart' },
      { file: 'src/utils/format.js', find: 'throw new TypeError(`formatPrice expects a number', fn: 'formatPrice' },
    ],
    exceptions: [{ type: 'TypeError', values: ['formatPrice expects a number, got {jstype}'] }],
    transactions: ['/cart'],
  },
  {
    key: 'format-quantity',
    project: 'web-frontend',
    prefix: 'react',
    chain: [
      { file: 'src/app/checkout.ts', find: 'const qty = parseQuantity(String(item.quantity));', fn: '<anonymous>' },
      { file: 'src/utils/format.js', find: "throw new RangeError('Quantity must not be negative');", fn: 'parseQuantity' },
    ],
    exceptions: [{ type: 'RangeError', values: ['Quantity must not be negative'] }],
    transactions: ['/cart'],
  },
  {
    key: 'format-date',
    project: 'web-frontend',
    prefix: 'react',
    chain: [{ file: 'src/utils/format.js', find: 'return date.toISOString().slice(0, 10);', fn: 'formatDate' }],
    exceptions: [{ type: 'RangeError', values: ['Invalid time value', 'date.toISOString is not a function'] }],
    transactions: ['/orders/:id', '/account'],
  },
  {
    key: 'format-initials',
    project: 'web-frontend',
    prefix: 'react',
    chain: [{ file: 'src/utils/format.js', find: '.map((part) => part[0].toUpperCase())', fn: '<anonymous>' }],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'toUpperCase')", "Cannot read properties of undefined (reading 'split')"] }],
    transactions: ['/account'],
  },
  {
    key: 'api-5xx',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/utils/apiClient.ts', find: "const response = await request('GET', path);", fn: 'Object.get' },
      { file: 'src/utils/apiClient.ts', find: 'throw new ApiError(response.status, path, `${method}', fn: 'request' },
    ],
    exceptions: [{ type: 'ApiError', values: ['GET /products?category={category} failed with {status5xx}', 'GET /carts/{cart} failed with {status5xx}', 'POST /orders failed with {status5xx}'] }],
    transactions: ['/products/:category', '/checkout/:cartId'],
  },
  {
    key: 'api-401',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [{ file: 'src/utils/apiClient.ts', find: "throw new ApiError(401, path, 'Session expired');", fn: 'request' }],
    exceptions: [{ type: 'ApiError', values: ['Session expired'] }],
    transactions: ['/account', '/cart'],
  },
  {
    key: 'api-fetch',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/utils/apiClient.ts', find: "const response = await request('GET', path);", fn: 'Object.get' },
      { file: 'src/utils/apiClient.ts', find: 'const response = await fetch(BASE_URL + path, {', fn: 'request' },
    ],
    exceptions: [{ type: 'TypeError', values: ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'] }],
    transactions: ['/products/:category', '/cart'],
  },
  {
    key: 'products-price',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/app/router.ts', find: 'await module.fetchProducts(category);', fn: 'Object.handler' },
      { file: 'src/utils/apiClient.ts', find: 'price: p.price.amount', fn: '<anonymous>' },
    ],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'amount')", "Cannot read properties of null (reading 'amount')"] }],
    transactions: ['/products/:category'],
  },
  {
    key: 'router-no-route',
    project: 'web-frontend',
    prefix: 'browser',
    chain: [
      { file: 'src/app/router.ts', find: 'void navigate(window.location.pathname);', fn: '<anonymous>' },
      { file: 'src/app/router.ts', find: 'const match = route.pattern.exec(pathname);', fn: 'navigate' },
    ],
    exceptions: [{ type: 'TypeError', values: ["Cannot read properties of undefined (reading 'pattern')", "undefined is not an object (evaluating 'route.pattern')"] }],
    transactions: ['/products/:category', '/'],
  },
  // ---------------------------------------------------------------- api-server (python)
  {
    key: 'orders-items-key',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/orders.py', find: 'items = _parse_items(payload)', fn: 'create_order', vars: { payload: { customerId: 1042 } } },
      { file: 'server/api/orders.py', find: 'for raw in payload["items"]:', fn: '_parse_items', vars: { items: [], payload: { customerId: 1042 } } },
    ],
    exceptions: [{ type: 'KeyError', values: ["'items'"] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-quantity',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/orders.py', find: 'items = _parse_items(payload)', fn: 'create_order' },
      { file: 'server/api/orders.py', find: 'quantity = int(raw["quantity"])', fn: '_parse_items', vars: { raw: { sku: 'SKU-1', quantity: 'two' } } },
    ],
    exceptions: [{ type: 'ValueError', values: ["invalid literal for int() with base 10: '{word}'"] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-invalid-quantity',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/orders.py', find: 'items = _parse_items(payload)', fn: 'create_order' },
      { file: 'server/api/orders.py', find: 'raise ValueError(f"invalid quantity', fn: '_parse_items' },
    ],
    exceptions: [{ type: 'ValueError', values: ['invalid quantity {negint} for {sku}'] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-shipping',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/orders.py', find: 'total = _total(items, payload.get("shipping"))', fn: 'create_order' },
      { file: 'server/api/orders.py', find: 'return subtotal + Decimal(shipping["cost"])', fn: '_total', vars: { shipping: null } },
    ],
    exceptions: [{ type: 'TypeError', values: ["'NoneType' object is not subscriptable"] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-product-none',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/orders.py', find: 'total = _total(items, payload.get("shipping"))', fn: 'create_order' },
      { file: 'server/api/orders.py', find: 'subtotal = sum(product.price * quantity', fn: '<genexpr>' },
    ],
    exceptions: [{ type: 'AttributeError', values: ["'NoneType' object has no attribute 'price'"] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-total-decimal',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/orders.py', find: 'if Decimal(str(payload["total"])) != total:', fn: 'create_order' }],
    exceptions: [{ type: 'InvalidOperation', module: 'decimal', values: ["[<class 'decimal.ConversionSyntax'>]"] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-commit',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/orders.py', find: 'session.commit()', fn: 'create_order' }],
    suffix: 'sqlalchemy',
    exceptions: [
      { type: 'IntegrityError', module: 'sqlalchemy.exc', values: ['(psycopg2.errors.UniqueViolation) duplicate key value violates unique constraint "orders_pkey"'] },
      { type: 'OperationalError', module: 'sqlalchemy.exc', values: ['(psycopg2.OperationalError) server closed the connection unexpectedly'] },
    ],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'orders-get-none',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/orders.py', find: '"id": order.id,', fn: 'get_order', vars: { order: null, order_id: "'48213'" } }],
    exceptions: [{ type: 'AttributeError', values: ["'NoneType' object has no attribute 'id'"] }],
    transactions: ['/api/v2/orders/<order_id>'],
  },
  {
    key: 'orders-cancel-shipped',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/orders.py', find: 'raise RuntimeError(f"order {order_id} has already shipped")', fn: 'cancel_order' }],
    exceptions: [{ type: 'RuntimeError', values: ['order {n} has already shipped'] }],
    transactions: ['/api/v2/orders/<order_id>/cancel'],
  },
  {
    key: 'orders-refund-form',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/orders.py', find: 'amount = Decimal(request.form["amount"])', fn: 'refund_order' }],
    exceptions: [
      { type: 'BadRequestKeyError', module: 'werkzeug.exceptions', values: ["400 Bad Request: The browser (or proxy) sent a request that this server could not understand.\nKeyError: 'amount'"] },
    ],
    transactions: ['/api/v2/orders/<order_id>/refund'],
  },
  {
    key: 'orders-refund-exceeds',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/orders.py', find: 'raise ValueError(f"refund {amount} exceeds', fn: 'refund_order' }],
    exceptions: [{ type: 'ValueError', values: ['refund {amount} exceeds order total {amount2}'] }],
    transactions: ['/api/v2/orders/<order_id>/refund'],
  },
  {
    key: 'models-stock',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/orders.py', find: 'order.add_line(product, quantity)', fn: 'create_order' },
      { file: 'server/db/models.py', find: 'raise ValueError(f"not enough stock', fn: 'add_line' },
    ],
    exceptions: [{ type: 'ValueError', values: ['not enough stock for {sku}: {n1} < {n2}'] }],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'models-display-name',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/users.py', find: 'return jsonify({"id": user.id, "email": user.email, "name": user.display_name})', fn: 'me' },
      { file: 'server/db/models.py', find: 'return self.first_name + " " + self.last_name', fn: 'display_name' },
    ],
    exceptions: [{ type: 'TypeError', values: ["unsupported operand type(s) for +: 'NoneType' and 'str'", 'can only concatenate str (not "NoneType") to str'] }],
    transactions: ['/api/v2/users/me'],
  },
  {
    key: 'users-session',
    project: 'api-server',
    prefix: 'flask',
    chain: [
      { file: 'server/api/users.py', find: 'user = current_user()', fn: 'me' },
      { file: 'server/api/users.py', find: 'user_id = g.session["user_id"]', fn: 'current_user' },
    ],
    exceptions: [{ type: 'KeyError', values: ["'user_id'"] }],
    transactions: ['/api/v2/users/me'],
  },
  {
    key: 'users-name-split',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/users.py', find: 'first, last = changes["name"].split(" ", 1)', fn: 'update_me' }],
    exceptions: [{ type: 'ValueError', values: ['not enough values to unpack (expected 2, got 1)'] }],
    transactions: ['/api/v2/users/me'],
  },
  {
    key: 'users-email',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/users.py', find: 'raise ValueError("invalid email address")', fn: 'update_me' }],
    exceptions: [{ type: 'ValueError', values: ['invalid email address'] }],
    transactions: ['/api/v2/users/me'],
  },
  {
    key: 'users-avatar',
    project: 'api-server',
    prefix: 'flask',
    chain: [{ file: 'server/api/users.py', find: 'data = user.avatar.read()', fn: 'avatar' }],
    exceptions: [{ type: 'AttributeError', values: ["'NoneType' object has no attribute 'read'", "'NoneType' object has no attribute 'avatar'"] }],
    transactions: ['/api/v2/users/<int:user_id>/avatar'],
  },
  {
    key: 'users-address',
    project: 'api-server',
    prefix: 'none',
    chain: [{ file: 'server/api/users.py', find: 'lines = [address["street"]', fn: 'format_address' }],
    exceptions: [{ type: 'KeyError', values: ["'street'", "'zip'"] }],
    transactions: ['/api/v2/users/me'],
  },
  // ---------------------------------------------------------------- worker (python)
  {
    key: 'tasks-order-none',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'user = User.query.get(order.customer_id)', fn: 'send_confirmation', vars: { order: null, order_id: 48213 } }],
    exceptions: [{ type: 'AttributeError', values: ["'NoneType' object has no attribute 'customer_id'"] }],
    transactions: ['server.workers.tasks.send_confirmation'],
  },
  {
    key: 'tasks-smtp',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'with smtplib.SMTP("mail.internal", 25, timeout=10) as smtp:', fn: 'send_confirmation' }],
    suffix: 'smtplib',
    exceptions: [
      { type: 'ConnectionRefusedError', values: ['[Errno 111] Connection refused'] },
      { type: 'TimeoutError', values: ['timed out'] },
    ],
    transactions: ['server.workers.tasks.send_confirmation'],
  },
  {
    key: 'tasks-retry',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'raise self.retry(exc=exc, countdown=60)', fn: 'send_confirmation' }],
    exceptions: [{ type: 'MaxRetriesExceededError', module: 'celery.exceptions', values: ["Can't retry server.workers.tasks.send_confirmation[{uuid}] args:({n},) kwargs:{}"] }],
    transactions: ['server.workers.tasks.send_confirmation'],
  },
  {
    key: 'tasks-feed-json',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'feed = json.load(handle)', fn: 'sync_inventory' }],
    suffix: 'json',
    exceptions: [{ type: 'JSONDecodeError', module: 'json.decoder', values: ['Expecting value: line 1 column 1 (char 0)', "Expecting ',' delimiter: line {n1} column {n2} (char {n})"] }],
    transactions: ['server.workers.tasks.sync_inventory'],
  },
  {
    key: 'tasks-feed-missing',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'with open(feed_path, encoding="utf-8") as handle:', fn: 'sync_inventory' }],
    exceptions: [{ type: 'FileNotFoundError', values: ["[Errno 2] No such file or directory: '/data/feeds/inventory-{n}.json'"] }],
    transactions: ['server.workers.tasks.sync_inventory'],
  },
  {
    key: 'tasks-stock',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'stock = int(entry["stock"])', fn: 'sync_inventory' }],
    exceptions: [
      { type: 'KeyError', values: ["'stock'"] },
      { type: 'ValueError', values: ["invalid literal for int() with base 10: '{word}'"] },
    ],
    transactions: ['server.workers.tasks.sync_inventory'],
  },
  {
    key: 'tasks-sync-db',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'session.execute(', fn: 'sync_inventory' }],
    suffix: 'sqlalchemy',
    exceptions: [{ type: 'OperationalError', module: 'sqlalchemy.exc', values: ['(psycopg2.errors.LockNotAvailable) canceling statement due to lock timeout'] }],
    transactions: ['server.workers.tasks.sync_inventory'],
  },
  {
    key: 'tasks-carts',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'expired = [row.id for row in rows', fn: '<listcomp>' }],
    exceptions: [{ type: 'AttributeError', values: ["'datetime.datetime' object has no attribute 'age_hours'"] }],
    transactions: ['server.workers.tasks.expire_carts'],
  },
  {
    key: 'tasks-report',
    project: 'worker',
    prefix: 'celery',
    chain: [{ file: 'server/workers/tasks.py', find: 'average = revenue / len(orders)', fn: 'compute_daily_report', vars: { day: "'2024-03-01'", orders: [], revenue: 0 } }],
    exceptions: [{ type: 'ZeroDivisionError', values: ['division by zero'] }],
    transactions: ['server.workers.tasks.compute_daily_report'],
  },
];

// Library frames (not in the workspace, inApp false). Context lines are representative snippets.
interface LibFrameSpec {
  filename: string;
  absPath: string;
  module: string | null;
  fn: string;
  lineNo: number;
  colNo: number | null;
  code: string[]; // context lines, the middle one is lineNo
}

const LIB: Record<string, LibFrameSpec[]> = {
  react: [
    {
      filename: 'node_modules/react-dom/cjs/react-dom.development.js',
      absPath: 'webpack:///./node_modules/react-dom/cjs/react-dom.development.js',
      module: 'react-dom/cjs/react-dom.development',
      fn: 'callCallback',
      lineNo: 4164,
      colNo: 14,
      code: [
        '      // nested call would trigger the fake event handlers of any',
        '      // fake events fired by the caller.',
        '      func.apply(context, funcArgs);',
        '      didError = false;',
        '    } // Create a global error event handler. We use this to capture the value',
      ],
    },
    {
      filename: 'node_modules/react-dom/cjs/react-dom.development.js',
      absPath: 'webpack:///./node_modules/react-dom/cjs/react-dom.development.js',
      module: 'react-dom/cjs/react-dom.development',
      fn: 'invokeGuardedCallbackDev',
      lineNo: 4213,
      colNo: 16,
      code: ['    // errors, it will trigger our global error handler.', '', '    fakeNode.dispatchEvent(evt);', '', '    if (windowEventDescriptor) {'],
    },
  ],
  browser: [
    {
      filename: 'node_modules/@sentry/browser/esm/helpers.js',
      absPath: 'webpack:///./node_modules/@sentry/browser/esm/helpers.js',
      module: '@sentry/browser/esm/helpers',
      fn: 'sentryWrapped',
      lineNo: 71,
      colNo: 23,
      code: [
        '            // Attempt to invoke user-land function',
        '            // NOTE: If you are a Sentry user, and you are seeing this stack frame, it',
        '            return fn.apply(this, wrappedArguments);',
        '        }',
        '        catch (ex) {',
      ],
    },
  ],
  flask: [
    {
      filename: 'flask/app.py',
      absPath: '/usr/local/lib/python3.11/site-packages/flask/app.py',
      module: 'flask.app',
      fn: 'full_dispatch_request',
      lineNo: 880,
      colNo: null,
      code: [
        '        try:',
        '            request_started.send(self, _async_wrapper=self.ensure_sync)',
        '            rv = self.preprocess_request()',
        '            if rv is None:',
        '                rv = self.dispatch_request()',
      ],
    },
    {
      filename: 'flask/app.py',
      absPath: '/usr/local/lib/python3.11/site-packages/flask/app.py',
      module: 'flask.app',
      fn: 'dispatch_request',
      lineNo: 865,
      colNo: null,
      code: [
        '            return self.make_default_options_response()',
        '        # otherwise dispatch to the handler for that endpoint',
        '        view_args: dict[str, t.Any] = req.view_args  # type: ignore[assignment]',
        '        return self.ensure_sync(self.view_functions[rule.endpoint])(**view_args)  # type: ignore[no-any-return]',
        '',
      ],
    },
  ],
  celery: [
    {
      filename: 'celery/app/trace.py',
      absPath: '/usr/local/lib/python3.11/site-packages/celery/app/trace.py',
      module: 'celery.app.trace',
      fn: 'trace_task',
      lineNo: 477,
      colNo: null,
      code: [
        '                    # -*- TRACE -*-',
        '                    try:',
        '                        R = retval = fun(*args, **kwargs)',
        '                        state = SUCCESS',
        '                    except Reject as exc:',
      ],
    },
    {
      filename: 'celery/app/trace.py',
      absPath: '/usr/local/lib/python3.11/site-packages/celery/app/trace.py',
      module: 'celery.app.trace',
      fn: '__protected_call__',
      lineNo: 760,
      colNo: null,
      code: ['            stack = self.request_stack', '            req = stack.top', '            return orig(self, *args, **kwargs)', '        return self.run(*args, **kwargs)', ''],
    },
  ],
  none: [],
  sqlalchemy: [
    {
      filename: 'sqlalchemy/orm/session.py',
      absPath: '/usr/local/lib/python3.11/site-packages/sqlalchemy/orm/session.py',
      module: 'sqlalchemy.orm.session',
      fn: 'commit',
      lineNo: 1969,
      colNo: null,
      code: [
        '        if self._transaction is None:',
        '            self._autobegin_t()._assert_active(prepared_ok=True)',
        '        self._transaction.commit(_to_root=True)',
        '',
        '    def prepare(self) -> None:',
      ],
    },
    {
      filename: 'sqlalchemy/engine/base.py',
      absPath: '/usr/local/lib/python3.11/site-packages/sqlalchemy/engine/base.py',
      module: 'sqlalchemy.engine.base',
      fn: '_exec_single_context',
      lineNo: 1967,
      colNo: null,
      code: [
        '                if not evt_handled:',
        '                    self.dialect.do_execute(',
        '                        cursor, str_statement, effective_parameters, context',
        '                    )',
        '',
      ],
    },
  ],
  smtplib: [
    {
      filename: 'smtplib.py',
      absPath: '/usr/local/lib/python3.11/smtplib.py',
      module: 'smtplib',
      fn: '__init__',
      lineNo: 255,
      colNo: null,
      code: [
        '        if host:',
        '            (code, msg) = self.connect(host, port)',
        '            if code != 220:',
        '                self.close()',
        '                raise SMTPConnectError(code, msg)',
      ],
    },
    {
      filename: 'socket.py',
      absPath: '/usr/local/lib/python3.11/socket.py',
      module: 'socket',
      fn: 'create_connection',
      lineNo: 851,
      colNo: null,
      code: ['        try:', '            raise exceptions[0]', '            sock.connect(sa)', '        finally:', '            exceptions = None'],
    },
  ],
  json: [
    {
      filename: 'json/__init__.py',
      absPath: '/usr/local/lib/python3.11/json/__init__.py',
      module: 'json',
      fn: 'load',
      lineNo: 293,
      colNo: null,
      code: [
        '    kwarg; otherwise ``JSONDecoder`` is used.',
        '    """',
        '    return loads(fp.read(),',
        '        cls=cls, object_hook=object_hook,',
        '        parse_float=parse_float, parse_int=parse_int,',
      ],
    },
    {
      filename: 'json/decoder.py',
      absPath: '/usr/local/lib/python3.11/json/decoder.py',
      module: 'json.decoder',
      fn: 'raw_decode',
      lineNo: 355,
      colNo: null,
      code: [
        '        try:',
        '            obj, end = self.scan_once(s, idx)',
        '        except StopIteration as err:',
        '            raise JSONDecodeError("Expecting value", s, err.value) from None',
        '        return obj, end',
      ],
    },
  ],
};

function libFrame(spec: LibFrameSpec): SiteFrame {
  const half = Math.floor(spec.code.length / 2);
  return {
    filename: spec.filename,
    absPath: spec.absPath,
    module: spec.module,
    function: spec.fn,
    lineNo: spec.lineNo,
    colNo: spec.colNo,
    inApp: false,
    context: spec.code.map((line, i) => [spec.lineNo - half + i, line] as [number, string]),
    vars: spec.module && !spec.module.includes('/') ? {} : null,
    workspace: false,
  };
}

/** Lines of a workspace file ('' entries when the file cannot be read). */
const fileCache = new Map<string, string[]>();
export function workspaceLines(relPath: string, dir = WORKSPACE_DIR): string[] {
  const key = dir + '\0' + relPath;
  let lines = fileCache.get(key);
  if (!lines) {
    try {
      lines = fs.readFileSync(path.join(dir, relPath), 'utf8').replace(/\r\n/g, '\n').split('\n');
    } catch {
      lines = [];
    }
    fileCache.set(key, lines);
  }
  return lines;
}

function pythonModule(file: string): string {
  return file.replace(/\.py$/, '').replace(/\//g, '.');
}

function workspaceFrame(spec: FrameSpec, platform: 'javascript' | 'python', dir: string): SiteFrame {
  const lines = workspaceLines(spec.file, dir);
  const index = lines.findIndex((l) => l.includes(spec.find));
  if (lines.length > 0 && index < 0) {
    throw new Error(`sandbox workspace: "${spec.find}" not found in ${spec.file}`);
  }
  const lineNo = index >= 0 ? index + 1 : 1;
  const colNo = index >= 0 ? lines[index].indexOf(spec.find) + 1 : null;
  const context: Array<[number, string]> = [];
  for (let n = Math.max(1, lineNo - 5); n <= Math.min(lines.length, lineNo + 5); n++) {
    context.push([n, lines[n - 1]]);
  }
  return {
    filename: spec.file,
    absPath: null,
    module: platform === 'python' ? pythonModule(spec.file) : spec.file.replace(/\.[jt]sx?$/, ''),
    function: spec.fn,
    lineNo,
    colNo: platform === 'python' ? null : colNo,
    inApp: true,
    context,
    vars: platform === 'python' ? (spec.vars ?? {}) : null,
    workspace: true,
  };
}

const siteCache = new Map<string, CrashSite[]>();

/** All crash sites, with line numbers resolved against the files in `dir`. */
export function crashSites(dir = WORKSPACE_DIR): CrashSite[] {
  const cached = siteCache.get(dir);
  if (cached) return cached;
  const sites = SITE_SPECS.map((spec): CrashSite => {
    const platform = spec.project === 'web-frontend' ? 'javascript' : 'python';
    const inApp = spec.chain.map((f) => workspaceFrame(f, platform, dir));
    const frames = [...LIB[spec.prefix].map(libFrame), ...inApp, ...(spec.suffix ? LIB[spec.suffix].map(libFrame) : [])];
    return {
      key: spec.key,
      project: spec.project,
      platform,
      frames,
      locationFrame: inApp[inApp.length - 1],
      exceptions: spec.exceptions,
      transactions: spec.transactions,
    };
  });
  siteCache.set(dir, sites);
  return sites;
}

/** Every file of the sample workspace, relative to it with `/` separators (what a workspace index holds). */
export function workspaceFilePaths(dir = WORKSPACE_DIR): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of fs.readdirSync(at)) {
      const full = path.join(at, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out;
}
