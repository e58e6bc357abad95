// The hotel search: the current search state (one row), applying changes (logged), and the result
// query with every filter and sort a verifier may check.
import type { AppDb } from '../app';

export interface SearchState {
  city: string;
  keyword: string;
  landmark_id: number | null;
  check_in: string;
  check_out: string;
  adults: number;
  rooms: number;
  price_min: number | null;
  price_max: number | null;
  stars: string;
  max_distance_km: number | null;
  brands: string;
  sort: SortKey;
  searched: number;
  updated_at: number;
}

export const SORTS = ['recommended', 'price_asc', 'price_desc', 'distance', 'rating'] as const;
export type SortKey = (typeof SORTS)[number];

export interface LandmarkRow { id: number; city: string; name: string; x: number; y: number }

export interface HotelResult {
  id: number;
  name: string;
  brand: string;
  stars: number;
  rating: number;
  reviews: number;
  price: number;
  address: string;
  tags: string;
  hue: number;
  distance: number;
}

/** Landmark searches cover hotels within this radius unless a distance filter narrows it. */
export const NEARBY_KM = 20;

export function readState(db: AppDb): SearchState {
  return db.query('SELECT * FROM search_state WHERE id = 1')[0] as unknown as SearchState;
}

export function landmark(db: AppDb, id: number | null): LandmarkRow | undefined {
  if (id === null) return undefined;
  return db.query('SELECT id, city, name, x, y FROM landmarks WHERE id = ?', [id])[0] as unknown as LandmarkRow | undefined;
}

/** The landmark a keyword names (exact name first, then the longest name it contains or that contains it). */
export function resolveLandmark(db: AppDb, keyword: string): LandmarkRow | undefined {
  const k = keyword.trim().toLowerCase();
  if (k === '') return undefined;
  const all = db.query('SELECT id, city, name, x, y FROM landmarks') as unknown as LandmarkRow[];
  return all.find((l) => l.name.toLowerCase() === k)
    ?? all.filter((l) => k.includes(l.name.toLowerCase()) || (k.length >= 2 && l.name.toLowerCase().includes(k))).sort((a, b) => b.name.length - a.name.length)[0];
}

export function results(db: AppDb, st: SearchState): HotelResult[] {
  const lm = landmark(db, st.landmark_id);
  const ox = lm?.x ?? 0;
  const oy = lm?.y ?? 0;
  const where: string[] = ['city = ?'];
  const params: (string | number)[] = [st.city];
  if (!lm && st.keyword.trim() !== '') {
    where.push('(name LIKE \'%\' || ? || \'%\' OR address LIKE \'%\' || ? || \'%\' OR brand = ?)');
    params.push(st.keyword.trim(), st.keyword.trim(), st.keyword.trim().toLowerCase());
  }
  if (st.price_min !== null) { where.push('price >= ?'); params.push(st.price_min); }
  if (st.price_max !== null) { where.push('price <= ?'); params.push(st.price_max); }
  const stars = st.stars.split(',').filter((s) => s !== '').map(Number);
  if (stars.length > 0) where.push(`(${stars.map((s) => (s <= 2 ? 'stars <= 2' : `stars = ${Math.trunc(s)}`)).join(' OR ')})`);
  const brands = st.brands.split(',').filter((b) => b !== '');
  if (brands.length > 0) { where.push(`brand IN (${brands.map(() => '?').join(', ')})`); params.push(...brands); }
  const rows = db.query(`SELECT id, name, brand, stars, rating, reviews, price, address, tags, hue, x, y FROM hotels WHERE ${where.join(' AND ')}`, params);
  const maxKm = st.max_distance_km ?? (lm ? NEARBY_KM : Infinity);
  const out = rows.map((r) => ({
    id: Number(r.id), name: String(r.name), brand: String(r.brand), stars: Number(r.stars), rating: Number(r.rating), reviews: Number(r.reviews),
    price: Number(r.price), address: String(r.address), tags: String(r.tags), hue: Number(r.hue),
    distance: Math.round(Math.hypot(Number(r.x) - ox, Number(r.y) - oy) * 10) / 10,
  })).filter((h) => h.distance <= maxKm);
  const cmp: Record<SortKey, (a: HotelResult, b: HotelResult) => number> = {
    recommended: (a, b) => (b.rating * 20 - b.distance) - (a.rating * 20 - a.distance),
    price_asc: (a, b) => a.price - b.price,
    price_desc: (a, b) => b.price - a.price,
    distance: (a, b) => a.distance - b.distance,
    rating: (a, b) => b.rating - a.rating || b.reviews - a.reviews,
  };
  return out.sort((a, b) => cmp[st.sort](a, b) || a.id - b.id);
}

/** Applies a change to the search state and logs it with the number of results it gives. */
export function applySearch(db: AppDb, now: number, patch: Partial<SearchState>, change: string): SearchState {
  const next: SearchState = { ...readState(db), ...patch, updated_at: now };
  const cols = ['city', 'keyword', 'landmark_id', 'check_in', 'check_out', 'adults', 'rooms', 'price_min', 'price_max', 'stars', 'max_distance_km', 'brands', 'sort', 'searched', 'updated_at'] as const;
  db.run(`UPDATE search_state SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = 1`, cols.map((c) => next[c]));
  const count = results(db, next).length;
  db.run(`INSERT INTO search_log (at, change, city, keyword, landmark_id, check_in, check_out, adults, rooms, price_min, price_max, stars, max_distance_km, brands, sort, result_count)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  [now, change, next.city, next.keyword, next.landmark_id, next.check_in, next.check_out, next.adults, next.rooms, next.price_min, next.price_max, next.stars, next.max_distance_km, next.brands, next.sort, count]);
  return next;
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function nights(st: Pick<SearchState, 'check_in' | 'check_out'>): number {
  return Math.max(1, Math.round((Date.parse(st.check_out) - Date.parse(st.check_in)) / 86_400_000));
}
