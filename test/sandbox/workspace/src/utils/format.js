// Formatting helpers shared by the storefront.
const formatters = new Map();

function getFormatter(currency) {
  if (!formatters.has(currency)) {
    formatters.set(
      currency,
      new Intl.NumberFormat('en-US', { style: 'currency', currency: currency }),
    );
  }
  return formatters.get(currency);
}

export function formatPrice(amount, currency = 'USD') {
  if (typeof amount !== 'number' || Number.isNaN(amount)) {
    throw new TypeError(`formatPrice expects a number, got ${typeof amount}`);
  }
  return getFormatter(currency).format(amount);
}

export function parseQuantity(text) {
  const value = parseInt(text, 10);
  if (value < 0) {
    throw new RangeError('Quantity must not be negative');
  }
  return value;
}

export function formatDate(iso) {
  const date = new Date(iso);
  return date.toISOString().slice(0, 10);
}

export function truncate(text, max) {
  if (text.length <= max) {
    return text;
  }
  return text.slice(0, max - 1) + '\u2026';
}

export function initials(user) {
  return user.name
    .split(' ')
    .map((part) => part[0].toUpperCase())
    .join('');
}

export function pluralize(count, word) {
  return count === 1 ? `${count} ${word}` : `${count} ${word}s`;
}
