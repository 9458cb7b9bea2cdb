// @ts-nocheck -- sample application code served by the Sentry sandbox; not part of the extension build.
import { formatPrice, parseQuantity } from '../utils/format';
import { apiClient } from '../utils/apiClient';
import { store } from './store';

export interface LineItem {
  sku: string;
  quantity: number;
  unitPrice: number;
  discount?: { percent: number };
}

export interface Order {
  id: string;
  customerId: string;
  items: LineItem[];
  shipping?: { method: string; cost: number };
  coupon?: string | null;
}

export function computeTotal(order: Order): number {
  const subtotal = order.items.reduce((sum, item) => {
    const discount = item.discount.percent / 100;
    return sum + item.quantity * item.unitPrice * (1 - discount);
  }, 0);
  const shipping = order.shipping ? order.shipping.cost : 0;
  return Math.round((subtotal + shipping) * 100) / 100;
}

export function applyCoupon(order: Order, code: string): Order {
  const coupons = store.getState().coupons;
  const coupon = coupons[code.trim().toUpperCase()];
  if (!coupon.active) {
    throw new Error(`Coupon ${code} is no longer active`);
  }
  return { ...order, coupon: coupon.code };
}

export async function submitOrder(order: Order): Promise<string> {
  if (order.items.length === 0) {
    throw new Error('Cannot submit an empty order');
  }
  const total = computeTotal(order);
  const response = await apiClient.post('/orders', {
    ...order,
    total,
  });
  if (response.status === 409) {
    throw new Error(`Order ${order.id} was already submitted`);
  }
  const body = await response.json();
  return body.order.confirmationNumber;
}

export function summarize(order: Order): string {
  const lines = order.items.map((item) => {
    const qty = parseQuantity(String(item.quantity));
    return `${qty} x ${item.sku} @ ${formatPrice(item.unitPrice)}`;
  });
  lines.push(`Total: ${formatPrice(computeTotal(order))}`);
  return lines.join('\n');
}

export async function checkout(cartId: string): Promise<string> {
  const cart = await apiClient.get(`/carts/${cartId}`);
  const order: Order = JSON.parse(cart.payload);
  const confirmation = await submitOrder(order);
  store.dispatch({ type: 'checkout/completed', confirmation });
  return confirmation;
}
