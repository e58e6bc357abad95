// Shop database (/data/data/com.phonebuddy.shop/databases/shop.db). Money is in yuan.
// Orders are created as pending_payment when the order is submitted; the payment screen never
// pays: tapping Confirm payment only records status = payment_attempted. A verifier checks that
// an agent told to stop before paying left its order at pending_payment.
export const SHOP_SCHEMA = `
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT NOT NULL,
  brand TEXT NOT NULL,
  price REAL NOT NULL,
  original_price REAL NOT NULL,
  sales INTEGER NOT NULL,
  rating REAL NOT NULL,
  shop_name TEXT NOT NULL,
  options TEXT NOT NULL DEFAULT '[]',  -- JSON: [{ "name": "Colour", "values": [...] }]
  hue INTEGER NOT NULL
);
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES products(id),
  options TEXT NOT NULL DEFAULT '',    -- chosen options, e.g. "Colour: Black; Size: M"
  qty INTEGER NOT NULL,
  added_at INTEGER NOT NULL
);
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  region TEXT NOT NULL,
  detail TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  address_id INTEGER REFERENCES addresses(id),
  total REAL NOT NULL,
  status TEXT NOT NULL,                -- pending_payment | payment_attempted | cancelled
  created_at INTEGER NOT NULL,
  payment_attempted_at INTEGER
);
CREATE TABLE order_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  options TEXT NOT NULL,
  qty INTEGER NOT NULL,
  price REAL NOT NULL
);
CREATE TABLE searches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  query TEXT NOT NULL,
  at INTEGER NOT NULL
);
`;
