// @ts-nocheck -- sample application code served by the Sentry sandbox; not part of the extension build.
import React, { useEffect, useState } from 'react';
import { checkout, summarize } from '../app/checkout';
import { store } from '../app/store';
import { formatPrice } from '../utils/format';

interface CartProps {
  cartId: string;
  currency?: string;
}

export function CartRow({ item, onRemove }) {
  const price = formatPrice(item.product.price * item.quantity);
  return (
    <li className="cart-row">
      <span>{item.product.name}</span>
      <span>{price}</span>
      <button onClick={() => onRemove(item.sku)}>Remove</button>
    </li>
  );
}

export function Cart({ cartId, currency = 'USD' }: CartProps) {
  const [items, setItems] = useState(store.getState().cart.items);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const unsubscribe = store.subscribe(() => setItems(store.getState().cart.items));
    return unsubscribe;
  }, []);

  async function handleCheckout() {
    try {
      const confirmation = await checkout(cartId);
      window.location.assign(`/orders/${confirmation}`);
    } catch (e) {
      setError(e.message);
      throw e;
    }
  }

  function handleRemove(sku: string) {
    store.dispatch({ type: 'cart/remove', sku });
  }

  const total = items.reduce((sum, item) => sum + item.product.price * item.quantity, 0);

  return (
    <section className="cart">
      <h2>Your cart ({items.length})</h2>
      <ul>
        {items.map((item) => (
          <CartRow key={item.sku} item={item} onRemove={handleRemove} />
        ))}
      </ul>
      <p className="total">
        {formatPrice(total, currency)}
      </p>
      {error && <p className="error">{error}</p>}
      <button disabled={items.length === 0} onClick={handleCheckout}>
        Checkout
      </button>
      <pre hidden>{summarize({ id: cartId, customerId: '', items })}</pre>
    </section>
  );
}
