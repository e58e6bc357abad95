// The places module on a phone: the map panel has a pin per place, the list shows distance
// and rating, search narrows both, a pin or a row selects the place, and the pick button runs
// its actions with the selected place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'places.app.yaml', package: 'com.example.places', label: 'Places', home: 'map',
  database: {
    schema: `CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, km REAL, stars REAL, x REAL, y REAL);
      CREATE TABLE trips (id INTEGER PRIMARY KEY AUTOINCREMENT, place_id INTEGER);`,
    seed: { rows: { 'en-US': { places: [
      { id: 1, name: 'Harbor Cafe', kind: 'Cafe', km: 0.4, stars: 4.6, x: 0.1, y: 0.2 },
      { id: 2, name: 'City Museum', kind: 'Museum', km: 2.35, stars: 4.2, x: 0.7, y: 0.8 },
    ] } } },
  },
  screens: {
    map: {
      module: 'places', title: 'Places', search: { hint: 'Search' },
      query: { sql: "SELECT * FROM places WHERE (? = '' OR name LIKE '%' || ? || '%') ORDER BY km", args: ['search', 'search'] },
      item: { name: 'row.name', desc: 'row.kind', distance: 'row.km', rating: 'row.stars', x: 'row.x', y: 'row.y' },
      pick: { label: 'Directions', id: 'directions', do: [{ insert: { table: 'trips', values: { place_id: 'row.id' } } }] },
    },
  },
};

test('places: pins and rows with distance and rating; a pin selects, pick acts on the selected place', async () => {
  const { d, sql } = await phoneWithApp(SPEC);
  assert.deepEqual((await d.nodes({ id: 'pin' })).map((n) => n.contentDesc).sort(), ['City Museum', 'Harbor Cafe']);
  assert.deepEqual((await d.nodes({ id: 'supporting' })).map((n) => n.text), ['Cafe · 400 m', 'Museum · 2.4 km']);
  assert.deepEqual((await d.nodes({ id: 'rating' })).map((n) => n.text), ['★ 4.6', '★ 4.2']);
  assert.equal(await d.has({ id: 'directions' }), false, 'nothing selected yet');
  await d.tap({ id: 'pin', desc: 'City Museum' });
  assert.equal((await d.find({ id: 'selected_name' })).text, 'City Museum');
  await d.tap({ id: 'directions' });
  assert.deepEqual(await sql('SELECT place_id FROM trips'), [{ place_id: 2 }]);
  await d.key('back'); // clears the selection first
  assert.equal(await d.has({ id: 'directions' }), false);
  await d.tap({ id: 'search_bar' });
  await d.type('harb');
  assert.deepEqual((await d.nodes({ id: 'place' })).map((n) => n.contentDesc), ['Harbor Cafe']);
  assert.equal((await d.nodes({ id: 'pin' })).length, 1);
  await d.tap({ id: 'place' });
  assert.equal((await d.find({ id: 'selected_name' })).text, 'Harbor Cafe');
});
