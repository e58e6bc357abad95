// Generates the hotel world from the seed in the phone's locale.
import type { AppDb, SeedContext } from '../app';
import type { SeededRandom } from '../../runtime/random';
import { insertRows, type Row } from '../catalog-shared/sql';
import { BRANDS, cityName, LANDMARKS, ROOM_TYPES, SPECIAL_HOTELS, TAGS } from './world';

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Rows collected in memory and written with a few multi-row INSERTs (reset() re-seeds this twice). */
class Batch {
  hotels: Row[] = [];
  rooms: Row[] = [];

  add(rng: SeededRandom, zh: boolean, h: { city: string; name: string; brand: string; stars: number; rating: number; price: number; address: string; x: number; y: number }): void {
    const pool = [...TAGS];
    const picked: string[] = [];
    for (let n = rng.int(1, 3); n > 0; n--) picked.push(...pool.splice(rng.int(0, pool.length - 1), 1).map(([z, e]) => (zh ? z : e)));
    const id = this.hotels.length + 1;
    this.hotels.push([id, h.city, h.name, h.brand, h.stars, h.rating, rng.int(80, 9800), h.price, h.address, h.x, h.y, picked.join(','), rng.int(0, 359)]);
    ROOM_TYPES.slice(0, rng.int(2, ROOM_TYPES.length)).forEach((r, i) => {
      this.rooms.push([id, zh ? r.zh : r.en, zh ? r.bedZh : r.bedEn, i % 2, rng.int(0, 1), i === 0 ? h.price : Math.round(h.price * r.factor / 10) * 10 - 1]);
    });
  }

  write(db: AppDb): void {
    insertRows(db, 'hotels (id, city, name, brand, stars, rating, reviews, price, address, x, y, tags, hue)', this.hotels);
    insertRows(db, 'rooms (hotel_id, name, bed, breakfast, free_cancel, price)', this.rooms);
  }
}

export function seedTravel(db: AppDb, s: SeedContext): void {
  const batch = new Batch();
  seedWorld(db, s, batch);
  batch.write(db);
}

function seedWorld(db: AppDb, s: SeedContext, batch: Batch): void {
  const zh = s.locale === 'zh-CN';
  const rng = s.rng.fork('travel');
  insertRows(db, 'landmarks (city, name, x, y)', LANDMARKS.map((l) => [l.city, zh ? l.zh : l.en, l.x, l.y]));
  const budget = BRANDS.filter((b) => b.stars <= 2);
  for (const l of LANDMARKS) {
    const city = cityName(l.city, zh);
    const used = new Set<string>();
    for (let i = 0; i < l.hotels; i++) {
      // the first few near every landmark are budget hotels, so a low price cap still finds some
      const brand = i < 5 ? budget[(i + s.seed) % budget.length] : rng.pick(BRANDS);
      let area = rng.pick(l.areas);
      let tries = 0;
      while (used.has(`${brand.key}|${area[0]}`) && tries++ < 10) area = rng.pick(l.areas);
      if (used.has(`${brand.key}|${area[0]}`)) continue;
      used.add(`${brand.key}|${area[0]}`);
      const r = 0.3 + rng.next() * (i < 14 ? 4 : 11);
      const a = rng.next() * Math.PI * 2;
      const name = brand.key === 'guesthouse'
        ? (zh ? `${area[0]}${rng.pick(['花园', '悠然', '栖居', '小院'])}民宿` : `${area[1]} ${rng.pick(['Garden', 'Cozy', 'Nest', 'Courtyard'])} Guesthouse`)
        : (zh ? `${brand.zh}(${city}${area[0]}店)` : `${brand.en} ${city} ${area[1]}`);
      const price = brand.price[0] + Math.round(rng.next() * (brand.price[1] - brand.price[0]));
      const rating = Math.round((brand.rating[0] + rng.next() * (brand.rating[1] - brand.rating[0])) * 10) / 10;
      const street = zh ? `${city}${area[0]}${rng.pick(['路', '大道', '街'])}${rng.int(8, 1888)}号` : `${rng.int(8, 1888)} ${area[1]} ${rng.pick(['Road', 'Avenue', 'Street'])}, ${city}`;
      batch.add(rng, zh, { city: l.city, name, brand: brand.key, stars: brand.stars, rating, price, address: street, x: l.x + Math.cos(a) * r, y: l.y + Math.sin(a) * r });
    }
  }
  for (const h of SPECIAL_HOTELS) {
    const l = LANDMARKS.find((x) => x.zh === h.landmark)!;
    batch.add(rng, zh, { city: l.city, name: zh ? h.zh : h.en, brand: '', stars: h.stars, rating: h.rating, price: h.price, address: zh ? `${cityName(l.city, true)}浦东新区申迪西路753号` : '753 Shendi West Road, Pudong, Shanghai', x: l.x + h.dx, y: l.y + h.dy });
  }
  const today = Math.floor(s.now / 86_400_000) * 86_400_000;
  db.run('INSERT INTO search_state (id, city, check_in, check_out, updated_at) VALUES (1, \'shanghai\', ?, ?, ?)', [isoDay(today), isoDay(today + 86_400_000), s.now]);
}
