// Travel tables. The standalone Travel app keeps them in travel.db; the Chat app's Travel
// mini-program keeps its own copy inside the chat database (as a real mini-program stores its
// data inside the super-app). `search_state` is the search the results list shows now
// (destination, dates, guests, filters, sort); `search_log` has one row per applied change.
export const TRAVEL_SCHEMA = `
CREATE TABLE landmarks (
  id INTEGER PRIMARY KEY,
  city TEXT NOT NULL,              -- city key: shanghai, beijing, …
  name TEXT NOT NULL,              -- in the phone's locale, e.g. 上海迪士尼度假区
  x REAL NOT NULL, y REAL NOT NULL -- km on the city grid
);
CREATE TABLE hotels (
  id INTEGER PRIMARY KEY,
  city TEXT NOT NULL,
  name TEXT NOT NULL,
  brand TEXT NOT NULL,             -- brand key (hanting, ji, marriott, … or '' for independents)
  stars INTEGER NOT NULL,          -- 1–5
  rating REAL NOT NULL,            -- 0–5
  reviews INTEGER NOT NULL,
  price INTEGER NOT NULL,          -- lowest room price per night, yuan
  address TEXT NOT NULL,
  x REAL NOT NULL, y REAL NOT NULL,
  tags TEXT NOT NULL DEFAULT '',   -- comma-separated
  hue INTEGER NOT NULL DEFAULT 0   -- photo placeholder colour
);
CREATE TABLE rooms (
  id INTEGER PRIMARY KEY,
  hotel_id INTEGER NOT NULL REFERENCES hotels(id),
  name TEXT NOT NULL,
  bed TEXT NOT NULL,
  breakfast INTEGER NOT NULL,
  free_cancel INTEGER NOT NULL,
  price INTEGER NOT NULL
);
CREATE TABLE search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  city TEXT NOT NULL,
  keyword TEXT NOT NULL DEFAULT '',
  landmark_id INTEGER,             -- set when the keyword names a landmark (distances are from it)
  check_in TEXT NOT NULL,          -- YYYY-MM-DD
  check_out TEXT NOT NULL,
  adults INTEGER NOT NULL DEFAULT 1,
  rooms INTEGER NOT NULL DEFAULT 1,
  price_min INTEGER,               -- NULL = no bound
  price_max INTEGER,
  stars TEXT NOT NULL DEFAULT '',  -- comma-separated star classes, '' = any
  max_distance_km REAL,
  brands TEXT NOT NULL DEFAULT '', -- comma-separated brand keys, '' = any
  sort TEXT NOT NULL DEFAULT 'recommended', -- recommended | price_asc | price_desc | distance | rating
  searched INTEGER NOT NULL DEFAULT 0,      -- 1 once a search ran
  updated_at INTEGER NOT NULL
);
CREATE TABLE search_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  change TEXT NOT NULL,            -- search | filter | sort | distance | brand
  city TEXT NOT NULL, keyword TEXT NOT NULL, landmark_id INTEGER,
  check_in TEXT NOT NULL, check_out TEXT NOT NULL, adults INTEGER NOT NULL, rooms INTEGER NOT NULL,
  price_min INTEGER, price_max INTEGER, stars TEXT NOT NULL, max_distance_km REAL, brands TEXT NOT NULL, sort TEXT NOT NULL,
  result_count INTEGER NOT NULL
);
CREATE TABLE bookings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hotel_id INTEGER NOT NULL, room_id INTEGER NOT NULL,
  hotel_name TEXT NOT NULL, room_name TEXT NOT NULL,
  check_in TEXT NOT NULL, check_out TEXT NOT NULL, nights INTEGER NOT NULL,
  adults INTEGER NOT NULL, rooms INTEGER NOT NULL,
  guest_name TEXT NOT NULL, guest_phone TEXT NOT NULL,
  total INTEGER NOT NULL,          -- yuan
  status TEXT NOT NULL,            -- reserved (pay at the hotel) | cancelled
  created_at INTEGER NOT NULL
);
`;
