// @ts-nocheck -- sample application code served by the Sentry sandbox; not part of the extension build.
type Listener = () => void;

export interface Action {
  type: string;
  [key: string]: unknown;
}

export interface State {
  cart: { id: string | null; items: Array<{ sku: string; quantity: number }> };
  coupons: Record<string, { code: string; active: boolean }>;
  user: { id: string; email: string } | null;
  lastConfirmation?: string;
}

const initialState: State = {
  cart: { id: null, items: [] },
  coupons: {},
  user: null,
};

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'cart/add': {
      const existing = state.cart.items.find((i) => i.sku === action.sku);
      if (existing) {
        existing.quantity += Number(action.quantity);
        return { ...state };
      }
      return { ...state, cart: { ...state.cart, items: [...state.cart.items, { sku: String(action.sku), quantity: 1 }] } };
    }
    case 'cart/remove':
      return { ...state, cart: { ...state.cart, items: state.cart.items.filter((i) => i.sku !== action.sku) } };
    case 'checkout/completed':
      return { ...state, lastConfirmation: String(action.confirmation), cart: { id: null, items: [] } };
    case 'session/loaded':
      return { ...state, user: { id: action.user.id, email: action.user.email } };
    default:
      throw new Error(`Unknown action type: ${action.type}`);
  }
}

function createStore(reducerFn: typeof reducer, preloaded: State) {
  let state = preloaded;
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    dispatch(action: Action) {
      state = reducerFn(state, action);
      listeners.forEach((l) => l());
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const store = createStore(reducer, initialState);
