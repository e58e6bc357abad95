// Travel screens, written once and mounted twice: as the standalone Travel app and as the Travel
// mini-program inside Chat (screen names prefixed, a mini-program top bar with the capsule menu,
// and data in the host app's database). Home (city, keyword, dates, guests) → results with sort,
// distance, price/stars and brand sheets → hotel detail → room booking → confirmation; orders.
import { translate, type AppContext, type Screen, type ScreenInit } from '../app';
import { capsuleBar, capsuleMenu } from '../catalog-shared/capsule';
import { bottomSheet, chip, chipRows, filterTab as sharedFilterTab, photo, stepper, yuan } from '../catalog-shared/widgets';
import { emptyState, radioRow, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import { addDays, applySearch, landmark, nights, readState, resolveLandmark, results, SORTS, type SortKey } from './search';
import { TRAVEL_STRINGS } from './strings';
import { BRANDS, CITIES, cityName } from './world';

export const TEAL = '#00B2A9';
export const ORANGE = '#FF6A00';

export interface TravelMount {
  mode: 'app' | 'mini';
  /** Prefix of the screen names in the host app ('' standalone, 'mp_travel_' inside Chat). */
  prefix: string;
}

const PRICE_PRESETS: [number | null, number | null][] = [[null, 150], [150, 300], [300, 450], [450, 600], [600, null]];
const DISTANCES = [null, 1, 3, 5, 10];

function tr(ctx: AppContext, key: string, params?: Record<string, string | number>): string {
  return translate(TRAVEL_STRINGS, ctx.locale, key, params);
}

function zh(ctx: AppContext): boolean {
  return ctx.locale === 'zh-CN';
}

// Building an Intl.DateTimeFormat is slow (a results list labels every row): one per locale.
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

function dayLabel(ctx: AppContext, iso: string): string {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  let format = DAY_FORMATS.get(ctx.locale);
  if (!format) DAY_FORMATS.set(ctx.locale, (format = new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', month: zh(ctx) ? 'numeric' : 'short', day: 'numeric', weekday: 'short' })));
  return format.format(ms);
}

function starsText(ctx: AppContext, n: number): string {
  return zh(ctx) ? (n <= 2 ? '经济型' : `${'◆'.repeat(n)}`) : (n <= 2 ? 'Budget' : '★'.repeat(n));
}

export function travelScreens(m: TravelMount): Record<string, Screen> {
  const name = (s: string) => `${m.prefix}${s}`;
  const depth = (ctx: AppContext) => Number(ctx.screen.params.mpDepth ?? 1);
  const go = (ctx: AppContext, s: string, params: Record<string, unknown> = {}, init?: ScreenInit) => ctx.push(name(s), { ...params, mpDepth: depth(ctx) + 1 }, init);

  /** The top bar: the app's own, or WeChat's mini-program bar with the capsule (… and ⊙). */
  function bar(ctx: AppContext, title: string, back: boolean): View {
    if (m.mode === 'app') {
      return row({ height: 56, padding: [0, 4, 0, back ? 4 : 16], bg: TEAL, id: 'toolbar' },
        back && { icon: 'arrow_back', width: 48, height: 48, color: '#FFFFFF', onClick: () => ctx.pop(), desc: 'Navigate up', id: 'navigate_up', cls: 'android.widget.ImageButton' },
        { text: title, type: 'titleLarge', textSize: 19, color: '#FFFFFF', flex: 1, maxLines: 1, id: 'title' },
        { icon: 'article', width: 48, height: 48, color: '#FFFFFF', onClick: () => go(ctx, 'orders'), desc: tr(ctx, 'orders'), id: 'orders', cls: 'android.widget.ImageButton' },
      );
    }
    return capsuleBar(ctx, { title, onBack: back ? () => ctx.pop() : undefined, onMore: () => { ctx.screen.ui.sheet = 'capsule'; }, onClose: () => closeMini(ctx) });
  }

  function closeMini(ctx: AppContext): void {
    for (let i = depth(ctx); i > 0; i--) ctx.pop();
  }

  function capsuleSheet(ctx: AppContext): { view: View; onDismiss: () => void } {
    return capsuleMenu(ctx, {
      share: tr(ctx, 'capsuleShare'), favorite: tr(ctx, 'capsuleFav'), reload: tr(ctx, 'capsuleReload'), about: tr(ctx, 'capsuleAbout'),
      onDismiss: () => { delete ctx.screen.ui.sheet; },
      onReload: () => { for (let i = depth(ctx); i > 1; i--) ctx.pop(); },
    });
  }

  function runSearch(ctx: AppContext): void {
    const st = readState(ctx.db);
    const keyword = ctx.field('keyword').trim();
    const lm = resolveLandmark(ctx.db, keyword);
    const city = lm?.city ?? (ctx.screen.ui.city as string | undefined) ?? st.city;
    ctx.focus(undefined);
    applySearch(ctx.db, ctx.now(), { city, keyword, landmark_id: lm?.id ?? null, searched: 1 }, 'search');
    go(ctx, 'results');
  }

  const home: Screen = (ctx) => {
    const t = ctx.theme;
    const st = readState(ctx.db);
    const city = (ctx.screen.ui.city as string | undefined) ?? st.city;
    const kw = ctx.field('keyword').trim();
    const focused = ctx.screen.focus === 'keyword';
    const suggestions = focused && kw !== '' ? [
      ...ctx.db.query('SELECT id, city, name FROM landmarks WHERE name LIKE \'%\' || ? || \'%\' ORDER BY length(name) LIMIT 5', [kw]).map((l) => ({ kind: 'landmark', id: Number(l.id), city: String(l.city), name: String(l.name) })),
      ...ctx.db.query('SELECT id, city, name FROM hotels WHERE name LIKE \'%\' || ? || \'%\' ORDER BY rating DESC LIMIT 4', [kw]).map((h) => ({ kind: 'hotel', id: Number(h.id), city: String(h.city), name: String(h.name) })),
    ] : [];
    const n = nights(st);
    const sheet = ctx.screen.ui.sheet as string | undefined;
    const rowLine = (children: View[], onClick: (() => void) | undefined, id: string): View => row({ minHeight: 56, padding: [0, 16], gap: 12, onClick, id }, ...children);
    const card = col({ margin: [0, 12], bg: t.surfaceContainerLowest, radius: 16, elevation: 2, padding: [8, 0], id: 'search_card' },
      rowLine([
        row({ gap: 2, onClick: () => { ctx.screen.ui.sheet = 'city'; }, id: 'city_button', desc: cityName(city, zh(ctx)) },
          { text: cityName(city, zh(ctx)), type: 'titleMedium', textSize: 18, color: t.onSurface, id: 'city_name' },
          { icon: 'expand_more', width: 20, height: 20, color: t.onSurfaceVariant }),
        { width: 1, height: 24, bg: t.outlineVariant },
        textField(ctx, { key: 'keyword', hint: tr(ctx, 'keywordHint'), style: 'plain', id: 'keyword_input', flex: 1, onSubmit: () => runSearch(ctx) }),
      ], undefined, 'destination_row'),
      { height: 1, bg: t.outlineVariant, margin: [0, 16] },
      rowLine([
        col({ gap: 2 }, { text: tr(ctx, 'checkIn'), type: 'labelSmall', color: t.onSurfaceVariant }, { text: dayLabel(ctx, st.check_in), type: 'titleMedium', color: t.onSurface, id: 'check_in' }),
        { text: tr(ctx, 'nights', { n }), type: 'labelMedium', color: TEAL, border: TEAL, radius: 10, padding: [2, 8], id: 'nights' },
        col({ gap: 2, flex: 1 }, { text: tr(ctx, 'checkOut'), type: 'labelSmall', color: t.onSurfaceVariant }, { text: dayLabel(ctx, st.check_out), type: 'titleMedium', color: t.onSurface, id: 'check_out' }),
      ], () => { ctx.screen.ui.sheet = 'dates'; }, 'date_row'),
      { height: 1, bg: t.outlineVariant, margin: [0, 16] },
      rowLine([{ text: tr(ctx, 'guests', { rooms: st.rooms, adults: st.adults }), type: 'bodyLarge', color: t.onSurface, flex: 1, id: 'guests' }, { icon: 'chevron_right', width: 20, height: 20, color: t.onSurfaceVariant }],
        () => { ctx.screen.ui.sheet = 'guests'; }, 'guests_row'),
      row({ padding: [8, 16, 8, 16] },
        { text: tr(ctx, 'search'), type: 'titleMedium', color: '#FFFFFF', height: 48, flex: 1, radius: 24, gradient: ['#FF8A00', ORANGE], textAlign: 'center', onClick: () => runSearch(ctx), id: 'search_button', cls: 'android.widget.Button' }),
    );
    const suggestionList = suggestions.length > 0 ? col({ margin: [8, 12], bg: t.surfaceContainerLowest, radius: 12, elevation: 2, id: 'suggestions' },
      ...suggestions.map((sg) => row({ height: 52, padding: [0, 16], gap: 12, id: 'suggestion', desc: sg.name, onClick: () => {
        ctx.setField('keyword', sg.name);
        ctx.screen.ui.city = sg.city;
        if (sg.kind === 'hotel') { ctx.focus(undefined); go(ctx, 'detail', { hotelId: sg.id }); } else runSearch(ctx);
      } },
      { icon: sg.kind === 'landmark' ? 'place' : 'hotel', width: 20, height: 20, color: TEAL },
      { text: sg.name, type: 'bodyLarge', color: t.onSurface, flex: 1, maxLines: 1 },
      { text: `${cityName(sg.city, zh(ctx))} · ${tr(ctx, sg.kind === 'landmark' ? 'landmark' : 'hotel')}`, type: 'labelSmall', color: t.onSurfaceVariant },
      ))) : undefined;
    const tabs = row({ padding: [12, 24, 12, 24], gap: 28 },
      { text: tr(ctx, 'hotels'), type: 'titleMedium', color: '#FFFFFF', selected: true, id: 'tab_hotels' },
      { text: tr(ctx, 'flights'), type: 'titleMedium', color: 'rgba(255,255,255,0.7)', onClick: () => ctx.toast(tr(ctx, 'soon')), id: 'tab_flights' },
      { text: tr(ctx, 'trains'), type: 'titleMedium', color: 'rgba(255,255,255,0.7)', onClick: () => ctx.toast(tr(ctx, 'soon')), id: 'tab_trains' },
    );
    let dialog: { view: View; onDismiss: () => void } | undefined;
    const close = () => { delete ctx.screen.ui.sheet; };
    if (sheet === 'capsule') dialog = capsuleSheet(ctx);
    if (sheet === 'city') {
      dialog = { onDismiss: close, view: bottomSheet(ctx, { title: tr(ctx, 'chooseCity'), onDismiss: close, body: col({ padding: [8, 24] }, chipRows(CITIES.map((c) => chip(ctx, {
        label: zh(ctx) ? c.zh : c.en, selected: c.key === city, accent: TEAL, id: 'city_option', onClick: () => { ctx.screen.ui.city = c.key; ctx.setField('keyword', ''); close(); },
      })), 3)) }) };
    }
    if (sheet === 'dates') {
      const today = new Date(Math.floor(ctx.now() / 86_400_000) * 86_400_000).toISOString().slice(0, 10);
      dialog = { onDismiss: close, view: bottomSheet(ctx, { title: tr(ctx, 'datesTitle'), onDismiss: close, body: col({ gap: 8 },
        col({ padding: [0, 24] }, chipRows(Array.from({ length: 8 }, (_, i) => addDays(today, i)).map((d) => chip(ctx, {
          label: dayLabel(ctx, d), selected: d === st.check_in, accent: TEAL, id: 'check_in_option',
          onClick: () => { applySearch(ctx.db, ctx.now(), { check_in: d, check_out: addDays(d, n) }, 'dates'); },
        })), 3)),
        stepper(ctx, { label: tr(ctx, 'nights', { n }), value: n, min: 1, max: 14, id: 'nights_stepper', onChange: (v) => { applySearch(ctx.db, ctx.now(), { check_out: addDays(st.check_in, v) }, 'dates'); } }),
        row({ padding: [8, 24] }, { text: tr(ctx, 'done'), type: 'labelLarge', height: 44, flex: 1, radius: 22, bg: TEAL, color: '#FFFFFF', textAlign: 'center', onClick: close, id: 'dates_done', cls: 'android.widget.Button' }),
      ) }) };
    }
    if (sheet === 'guests') {
      dialog = { onDismiss: close, view: bottomSheet(ctx, { title: tr(ctx, 'guestsTitle'), onDismiss: close, body: col({},
        stepper(ctx, { label: tr(ctx, 'roomsCount'), value: st.rooms, min: 1, max: 8, id: 'rooms_stepper', onChange: (v) => { applySearch(ctx.db, ctx.now(), { rooms: v, adults: Math.max(v, st.adults) }, 'guests'); } }),
        stepper(ctx, { label: tr(ctx, 'adults'), value: st.adults, min: st.rooms, max: 16, id: 'adults_stepper', onChange: (v) => { applySearch(ctx.db, ctx.now(), { adults: v }, 'guests'); } }),
        row({ padding: [8, 24] }, { text: tr(ctx, 'done'), type: 'labelLarge', height: 44, flex: 1, radius: 22, bg: TEAL, color: '#FFFFFF', textAlign: 'center', onClick: close, id: 'guests_done', cls: 'android.widget.Button' }),
      ) }) };
    }
    return {
      view: scaffold(ctx, {
        appBar: bar(ctx, m.mode === 'mini' ? tr(ctx, 'miniTitle') : tr(ctx, 'title'), false),
        body: col({ flex: 1, scrollKey: 'home', bg: t.surfaceContainerLow },
          col({ gradient: [TEAL, '#2BC4BC'], padding: [0, 0, 56, 0] }, tabs),
          col({ margin: [-48, 0, 0, 0] }, card),
          suggestionList,
          row({ padding: [16, 16], gap: 12 },
            col({ flex: 1, height: 72, radius: 12, gradient: ['#FFE7D1', '#FFD0A8'], padding: 12, gap: 4, onClick: () => go(ctx, 'orders'), id: 'orders_entry' },
              { text: tr(ctx, 'orders'), type: 'titleSmall', color: '#7A3E00' }, { icon: 'article', width: 20, height: 20, color: ORANGE }),
            col({ flex: 1, height: 72, radius: 12, gradient: ['#D8F5F3', '#B4ECE8'], padding: 12, gap: 4 },
              { text: zh(ctx) ? '会员特价' : 'Member deals', type: 'titleSmall', color: '#00574F' }, { icon: 'local_offer', width: 20, height: 20, color: TEAL }),
          ),
        ),
      }),
      dialog,
      onBack: () => {
        if (sheet) { close(); return true; }
        return false;
      },
    };
  };

  function filterTab(ctx: AppContext, label: string, active: boolean, id: string, sheet: string): View {
    return sharedFilterTab(ctx, { label, active, id, accent: TEAL, onClick: () => openSheet(ctx, sheet) });
  }

  function openSheet(ctx: AppContext, sheet: string): void {
    const st = readState(ctx.db);
    ctx.screen.ui.sheet = sheet;
    if (sheet === 'price') {
      ctx.setField('pmin', st.price_min === null ? '' : String(st.price_min));
      ctx.setField('pmax', st.price_max === null ? '' : String(st.price_max));
      ctx.screen.ui.stars = st.stars;
    }
    if (sheet === 'brand') ctx.screen.ui.brands = st.brands;
  }

  function priceSheet(ctx: AppContext, close: () => void): View {
    const t = ctx.theme;
    const pmin = ctx.field('pmin').trim();
    const pmax = ctx.field('pmax').trim();
    const maxN = pmax === '' ? null : Number(pmax);
    const stars = String(ctx.screen.ui.stars ?? '').split(',').filter((s) => s !== '');
    const toggleStar = (s: string) => {
      const set = new Set(stars);
      if (set.has(s)) set.delete(s); else set.add(s);
      ctx.screen.ui.stars = [...set].sort().join(',');
    };
    const presetLabel = ([a, b]: [number | null, number | null]) => (a === null ? tr(ctx, 'under', { p: b! }) : b === null ? tr(ctx, 'above', { p: a }) : tr(ctx, 'range', { a, b }));
    const fraction = maxN === null || !Number.isFinite(maxN) ? 1 : Math.min(1, maxN / 1000);
    return col({ gap: 12, padding: [0, 24] },
      row({ gap: 8 },
        { text: tr(ctx, 'price'), type: 'titleSmall', color: t.onSurface, flex: 1 },
        { text: maxN === null || !Number.isFinite(maxN) ? tr(ctx, 'noLimit') : tr(ctx, 'upTo', { p: maxN }), type: 'titleSmall', color: ORANGE, id: 'max_price_value' },
      ),
      { slider: fraction, height: 44, id: 'price_slider', desc: tr(ctx, 'maxPrice'), cls: 'android.widget.SeekBar',
        onClickAt: (fx) => { const p = Math.round((fx * 1000) / 50) * 50; ctx.setField('pmax', p >= 1000 ? '' : String(Math.max(50, p))); } },
      row({ gap: 12 },
        textField(ctx, { key: 'pmin', hint: tr(ctx, 'minPrice'), id: 'min_price_input', flex: 1 }),
        { text: '—', color: t.onSurfaceVariant },
        textField(ctx, { key: 'pmax', hint: tr(ctx, 'maxHint'), id: 'max_price_input', flex: 1 }),
      ),
      chipRows(PRICE_PRESETS.map((p) => chip(ctx, {
        label: presetLabel(p), accent: ORANGE, id: 'price_preset',
        selected: (p[0] === null ? pmin === '' : pmin === String(p[0])) && (p[1] === null ? pmax === '' : pmax === String(p[1])),
        onClick: () => { ctx.setField('pmin', p[0] === null ? '' : String(p[0])); ctx.setField('pmax', p[1] === null ? '' : String(p[1])); },
      })), 3),
      { text: tr(ctx, 'stars'), type: 'titleSmall', color: t.onSurface },
      chipRows([['2', 'economy'], ['3', 'star3'], ['4', 'star4'], ['5', 'star5']].map(([s, k]) => chip(ctx, { label: tr(ctx, k), selected: stars.includes(s), accent: ORANGE, id: 'star_option', onClick: () => toggleStar(s) })), 2),
      row({ gap: 12, padding: [8, 0, 0, 0] },
        { text: tr(ctx, 'reset'), type: 'labelLarge', height: 44, flex: 1, radius: 22, border: t.outline, color: t.onSurface, textAlign: 'center', id: 'filter_reset', cls: 'android.widget.Button',
          onClick: () => { ctx.setField('pmin', ''); ctx.setField('pmax', ''); ctx.screen.ui.stars = ''; } },
        { text: tr(ctx, 'done'), type: 'labelLarge', height: 44, flex: 2, radius: 22, bg: TEAL, color: '#FFFFFF', textAlign: 'center', id: 'filter_done', cls: 'android.widget.Button',
          onClick: () => {
            const num = (s: string) => (s === '' || !Number.isFinite(Number(s)) ? null : Math.max(0, Math.round(Number(s))));
            ctx.focus(undefined);
            applySearch(ctx.db, ctx.now(), { price_min: num(pmin), price_max: num(pmax), stars: String(ctx.screen.ui.stars ?? '') }, 'filter');
            ctx.screen.scroll.hotels = 0;
            close();
          } },
      ),
    );
  }

  const resultsScreen: Screen = (ctx) => {
    const t = ctx.theme;
    const st = readState(ctx.db);
    const lm = landmark(ctx.db, st.landmark_id);
    const list = results(ctx.db, st);
    const sheet = ctx.screen.ui.sheet as string | undefined;
    const close = () => { delete ctx.screen.ui.sheet; ctx.focus(undefined); };
    const sortLabels: Record<SortKey, string> = { recommended: tr(ctx, 'sortRecommended'), price_asc: tr(ctx, 'sortPriceAsc'), price_desc: tr(ctx, 'sortPriceDesc'), distance: tr(ctx, 'sortDistance'), rating: tr(ctx, 'sortRating') };
    const place = lm?.name ?? (st.keyword || cityName(st.city, zh(ctx)));
    const card = (h: (typeof list)[number]): View => row({ padding: [12, 12], gap: 12, bg: t.surfaceContainerLowest, onClick: () => go(ctx, 'detail', { hotelId: h.id }), id: 'hotel_card', desc: h.name },
      photo(h.hue, { width: 96, height: 120, icon: 'hotel' }),
      col({ flex: 1, gap: 4 },
        { text: h.name, type: 'titleMedium', color: t.onSurface, maxLines: 2, id: 'hotel_name' },
        row({ gap: 6 },
          { text: tr(ctx, 'rating', { r: h.rating.toFixed(1) }), type: 'labelMedium', color: '#FFFFFF', bg: TEAL, radius: 4, padding: [1, 5], id: 'hotel_rating' },
          { text: starsText(ctx, h.stars), type: 'labelMedium', color: '#C98A00', id: 'hotel_stars' },
          { text: tr(ctx, 'reviews', { n: h.reviews }), type: 'labelSmall', color: t.onSurfaceVariant }),
        { text: lm ? tr(ctx, 'fromLandmark', { place: lm.name, km: h.distance }) : tr(ctx, 'fromCenter', { km: h.distance }), type: 'bodySmall', color: t.onSurfaceVariant, maxLines: 1, id: 'hotel_distance' },
        { text: h.tags.split(',').join(' · '), type: 'labelSmall', color: TEAL, maxLines: 1 },
        row({ justify: 'end', gap: 2 },
          { text: yuan(h.price), textSize: 20, weight: 700, color: ORANGE, id: 'hotel_price' },
          { text: tr(ctx, 'perNight'), type: 'labelSmall', color: t.onSurfaceVariant }),
      ),
    );
    let dialog: { view: View; onDismiss: () => void } | undefined;
    const sheetOf = (title: string, body: View, id: string) => ({ onDismiss: close, view: bottomSheet(ctx, { title, body, id, onDismiss: close }) });
    if (sheet === 'capsule') dialog = capsuleSheet(ctx);
    if (sheet === 'sort') {
      dialog = sheetOf(tr(ctx, 'sort'), col({}, ...SORTS.map((s) => radioRow(ctx, { title: sortLabels[s], checked: st.sort === s, id: 'sort_option', onSelect: () => {
        applySearch(ctx.db, ctx.now(), { sort: s }, 'sort');
        ctx.screen.scroll.hotels = 0;
        close();
      } }))), 'sort_sheet');
    }
    if (sheet === 'distance') {
      dialog = sheetOf(tr(ctx, 'distance'), col({ padding: [0, 24, 8, 24] }, chipRows(DISTANCES.map((km) => chip(ctx, {
        label: km === null ? tr(ctx, 'any') : tr(ctx, 'within', { km }), selected: st.max_distance_km === km, accent: TEAL, id: 'distance_option',
        onClick: () => { applySearch(ctx.db, ctx.now(), { max_distance_km: km }, 'distance'); ctx.screen.scroll.hotels = 0; close(); },
      })), 3)), 'distance_sheet');
    }
    if (sheet === 'price') dialog = sheetOf(tr(ctx, 'priceStar'), priceSheet(ctx, close), 'price_sheet');
    if (sheet === 'brand') {
      const brands = String(ctx.screen.ui.brands ?? '').split(',').filter((b) => b !== '');
      const toggle = (k: string) => {
        const set = new Set(brands);
        if (set.has(k)) set.delete(k); else set.add(k);
        ctx.screen.ui.brands = [...set].sort().join(',');
      };
      dialog = sheetOf(tr(ctx, 'brand'), col({ gap: 12, padding: [0, 24] },
        chipRows(BRANDS.map((b) => chip(ctx, { label: zh(ctx) ? b.zh : b.en, selected: brands.includes(b.key), accent: TEAL, id: 'brand_option', onClick: () => toggle(b.key) })), 3),
        row({ gap: 12 },
          { text: tr(ctx, 'reset'), type: 'labelLarge', height: 44, flex: 1, radius: 22, border: t.outline, color: t.onSurface, textAlign: 'center', id: 'brand_reset', onClick: () => { ctx.screen.ui.brands = ''; }, cls: 'android.widget.Button' },
          { text: tr(ctx, 'done'), type: 'labelLarge', height: 44, flex: 2, radius: 22, bg: TEAL, color: '#FFFFFF', textAlign: 'center', id: 'brand_done', cls: 'android.widget.Button',
            onClick: () => { applySearch(ctx.db, ctx.now(), { brands: String(ctx.screen.ui.brands ?? '') }, 'brand'); ctx.screen.scroll.hotels = 0; close(); } }),
      ), 'brand_sheet');
    }
    const priceActive = st.price_min !== null || st.price_max !== null || st.stars !== '';
    return {
      view: scaffold(ctx, {
        appBar: bar(ctx, place, true),
        body: col({ flex: 1, bg: t.surfaceContainerLow },
          row({ padding: [8, 16], gap: 8, bg: t.surface, onClick: () => ctx.pop(), id: 'search_summary', desc: place },
            { icon: 'search', width: 18, height: 18, color: t.onSurfaceVariant },
            { text: `${cityName(st.city, zh(ctx))} · ${place}`, type: 'bodyMedium', color: t.onSurface, flex: 1, maxLines: 1 },
            { text: `${dayLabel(ctx, st.check_in)} – ${dayLabel(ctx, st.check_out)}`, type: 'labelSmall', color: t.onSurfaceVariant }),
          row({ bg: t.surface, id: 'filter_bar' },
            filterTab(ctx, st.sort === 'recommended' ? tr(ctx, 'sort') : sortLabels[st.sort], st.sort !== 'recommended', 'sort_tab', 'sort'),
            filterTab(ctx, st.max_distance_km === null ? tr(ctx, 'distance') : tr(ctx, 'within', { km: st.max_distance_km }), st.max_distance_km !== null, 'distance_tab', 'distance'),
            filterTab(ctx, st.price_max !== null ? tr(ctx, 'upTo', { p: st.price_max }) : tr(ctx, 'priceStar'), priceActive, 'price_tab', 'price'),
            filterTab(ctx, tr(ctx, 'filter'), st.brands !== '', 'filter_tab', 'brand'),
          ),
          { height: 1, bg: t.outlineVariant },
          { text: tr(ctx, 'results', { n: list.length }), type: 'labelMedium', color: t.onSurfaceVariant, padding: [8, 16], id: 'result_count' },
          list.length === 0 ? emptyState(ctx, 'hotel', tr(ctx, 'noResults')) : scrollList('hotels', [...list.flatMap((h) => [card(h), { height: 8 }]), { height: 24 }]),
        ),
      }),
      dialog,
      onBack: () => {
        if (sheet) { close(); return true; }
        return false;
      },
    };
  };

  const detail: Screen = (ctx) => {
    const t = ctx.theme;
    const id = Number(ctx.screen.params.hotelId);
    const h = ctx.db.query('SELECT * FROM hotels WHERE id = ?', [id])[0];
    const st = readState(ctx.db);
    if (!h) return { view: scaffold(ctx, { appBar: bar(ctx, tr(ctx, 'hotel'), true), body: emptyState(ctx, 'hotel', tr(ctx, 'noResults')) }) };
    const rooms = ctx.db.query('SELECT * FROM rooms WHERE hotel_id = ? ORDER BY price', [id]);
    return {
      view: scaffold(ctx, {
        appBar: bar(ctx, String(h.name), true),
        body: col({ flex: 1, scrollKey: 'detail', bg: t.surfaceContainerLow },
          photo(Number(h.hue), { height: 200, radius: 0, icon: 'hotel', id: 'hotel_photo' }),
          col({ bg: t.surfaceContainerLowest, padding: 16, gap: 6 },
            { text: String(h.name), type: 'titleLarge', color: t.onSurface, id: 'hotel_name' },
            row({ gap: 8 },
              { text: tr(ctx, 'rating', { r: Number(h.rating).toFixed(1) }), type: 'labelLarge', color: '#FFFFFF', bg: TEAL, radius: 4, padding: [1, 6] },
              { text: starsText(ctx, Number(h.stars)), type: 'labelLarge', color: '#C98A00', id: 'hotel_stars' },
              { text: tr(ctx, 'reviews', { n: Number(h.reviews) }), type: 'labelMedium', color: t.onSurfaceVariant }),
            row({ gap: 6 }, { icon: 'place', width: 16, height: 16, color: t.onSurfaceVariant }, { text: String(h.address), type: 'bodyMedium', color: t.onSurfaceVariant, flex: 1, id: 'hotel_address' }),
            { text: String(h.tags).split(',').join(' · '), type: 'labelMedium', color: TEAL },
          ),
          row({ margin: [8, 0], bg: t.surfaceContainerLowest, padding: [12, 16], gap: 12, id: 'stay_dates' },
            { text: `${dayLabel(ctx, st.check_in)} – ${dayLabel(ctx, st.check_out)}`, type: 'titleSmall', color: t.onSurface, flex: 1 },
            { text: tr(ctx, 'nights', { n: nights(st) }), type: 'labelMedium', color: TEAL }),
          { text: tr(ctx, 'rooms'), type: 'titleMedium', color: t.onSurface, padding: [8, 16] },
          ...rooms.map((r) => row({ margin: [0, 12, 8, 12], padding: 12, gap: 12, radius: 12, bg: t.surfaceContainerLowest, id: 'room', desc: String(r.name) },
            photo(Number(h.hue) + 40, { width: 64, height: 64, icon: 'hotel' }),
            col({ flex: 1, gap: 2 },
              { text: String(r.name), type: 'titleSmall', color: t.onSurface, id: 'room_name' },
              { text: String(r.bed), type: 'bodySmall', color: t.onSurfaceVariant },
              { text: `${tr(ctx, Number(r.breakfast) ? 'breakfast' : 'noBreakfast')} · ${tr(ctx, Number(r.free_cancel) ? 'freeCancel' : 'noCancel')}`, type: 'bodySmall', color: Number(r.free_cancel) ? TEAL : t.onSurfaceVariant }),
            col({ align: 'end', gap: 6 },
              { text: yuan(Number(r.price)), textSize: 18, weight: 700, color: ORANGE, id: 'room_price' },
              { text: tr(ctx, 'book'), type: 'labelLarge', color: '#FFFFFF', bg: ORANGE, radius: 6, height: 32, padding: [0, 16], textAlign: 'center', id: 'book_button', cls: 'android.widget.Button',
                onClick: () => go(ctx, 'book', { hotelId: id, roomId: Number(r.id) }) }),
          )),
          { height: 24 },
        ),
      }),
      dialog: ctx.screen.ui.sheet === 'capsule' ? capsuleSheet(ctx) : undefined,
    };
  };

  const book: Screen = (ctx) => {
    const t = ctx.theme;
    const st = readState(ctx.db);
    const h = ctx.db.query('SELECT id, name FROM hotels WHERE id = ?', [Number(ctx.screen.params.hotelId)])[0];
    const r = ctx.db.query('SELECT id, name, price FROM rooms WHERE id = ?', [Number(ctx.screen.params.roomId)])[0];
    if (!h || !r) return { view: scaffold(ctx, { appBar: bar(ctx, tr(ctx, 'fillOrder'), true), body: emptyState(ctx, 'hotel', tr(ctx, 'noResults')) }) };
    const n = nights(st);
    const total = Number(r.price) * n * st.rooms;
    const submit = () => {
      const guest = ctx.field('guest_name').trim();
      const phone = ctx.field('guest_phone').trim();
      if (guest === '' || phone === '') { ctx.toast(tr(ctx, 'needGuest')); return; }
      const bookingId = ctx.db.run(`INSERT INTO bookings (hotel_id, room_id, hotel_name, room_name, check_in, check_out, nights, adults, rooms, guest_name, guest_phone, total, status, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'reserved', ?)`, [Number(h.id), Number(r.id), String(h.name), String(r.name), st.check_in, st.check_out, n, st.adults, st.rooms, guest, phone, total, ctx.now()]);
      ctx.focus(undefined);
      ctx.replace(name('booked'), { bookingId, mpDepth: depth(ctx) });
    };
    return {
      view: scaffold(ctx, {
        appBar: bar(ctx, tr(ctx, 'fillOrder'), true),
        body: col({ flex: 1, scrollKey: 'book', bg: t.surfaceContainerLow, gap: 8 },
          col({ bg: t.surfaceContainerLowest, padding: 16, gap: 4, id: 'order_summary' },
            { text: String(h.name), type: 'titleMedium', color: t.onSurface, id: 'order_hotel' },
            { text: `${String(r.name)} · ${tr(ctx, 'guests', { rooms: st.rooms, adults: st.adults })}`, type: 'bodyMedium', color: t.onSurfaceVariant, id: 'order_room' },
            { text: `${dayLabel(ctx, st.check_in)} – ${dayLabel(ctx, st.check_out)} · ${tr(ctx, 'nights', { n })}`, type: 'bodyMedium', color: t.onSurfaceVariant }),
          col({ bg: t.surfaceContainerLowest, padding: 16, gap: 12 },
            textField(ctx, { key: 'guest_name', label: tr(ctx, 'guestName'), id: 'guest_name' }),
            // imeOptions=actionDone: Enter closes the keyboard; only the button submits the order
            textField(ctx, { key: 'guest_phone', label: tr(ctx, 'guestPhone'), id: 'guest_phone', onSubmit: () => ctx.focus(undefined) })),
        ),
        bottom: row({ height: 64, padding: [0, 16], gap: 12, bg: t.surfaceContainerLowest, id: 'order_bar' },
          col({ flex: 1 },
            row({ gap: 4 }, { text: tr(ctx, 'total'), type: 'bodyMedium', color: t.onSurfaceVariant }, { text: yuan(total), textSize: 22, weight: 700, color: ORANGE, id: 'order_total' }),
            { text: tr(ctx, 'payAtHotel'), type: 'labelSmall', color: t.onSurfaceVariant }),
          { text: tr(ctx, 'submit'), type: 'titleSmall', color: '#FFFFFF', bg: ORANGE, radius: 22, height: 44, padding: [0, 24], textAlign: 'center', onClick: submit, id: 'submit_order', cls: 'android.widget.Button' },
        ),
      }),
      dialog: ctx.screen.ui.sheet === 'capsule' ? capsuleSheet(ctx) : undefined,
    };
  };

  const booked: Screen = (ctx) => {
    const t = ctx.theme;
    const b = ctx.db.query('SELECT * FROM bookings WHERE id = ?', [Number(ctx.screen.params.bookingId)])[0];
    return {
      view: scaffold(ctx, {
        appBar: bar(ctx, tr(ctx, 'booked'), true),
        body: col({ flex: 1, align: 'center', padding: [40, 24], gap: 12 },
          { icon: 'check', iconSize: 48, width: 72, height: 72, circle: true, bg: TEAL, color: '#FFFFFF' },
          { text: tr(ctx, 'booked'), type: 'headlineSmall', color: t.onSurface, id: 'booked_title' },
          { text: tr(ctx, 'bookedMsg'), type: 'bodyMedium', color: t.onSurfaceVariant, textAlign: 'center' },
          b && { text: `${String(b.hotel_name)}\n${String(b.room_name)} · ${yuan(Number(b.total))}`, type: 'bodyLarge', color: t.onSurface, textAlign: 'center', id: 'booking_summary' },
          { text: tr(ctx, 'orders'), type: 'labelLarge', height: 44, padding: [0, 32], radius: 22, bg: TEAL, color: '#FFFFFF', textAlign: 'center', onClick: () => ctx.replace(name('orders'), { mpDepth: depth(ctx) }), id: 'view_orders', cls: 'android.widget.Button' },
        ),
      }),
      dialog: ctx.screen.ui.sheet === 'capsule' ? capsuleSheet(ctx) : undefined,
    };
  };

  const orders: Screen = (ctx) => {
    const t = ctx.theme;
    const rows = ctx.db.query('SELECT * FROM bookings ORDER BY id DESC');
    return {
      view: scaffold(ctx, {
        appBar: bar(ctx, tr(ctx, 'orders'), true),
        body: rows.length === 0 ? emptyState(ctx, 'article', tr(ctx, 'noOrders')) : scrollList('orders', rows.map((b) => col({ margin: [8, 12, 0, 12], padding: 16, gap: 4, radius: 12, bg: t.surfaceContainerLowest, id: 'order', desc: String(b.hotel_name) },
          row({}, { text: String(b.hotel_name), type: 'titleSmall', color: t.onSurface, flex: 1, maxLines: 1 }, { text: tr(ctx, `status_${String(b.status)}`), type: 'labelMedium', color: TEAL, id: 'order_status' }),
          { text: `${String(b.room_name)} · ${String(b.check_in)} – ${String(b.check_out)}`, type: 'bodySmall', color: t.onSurfaceVariant },
          row({}, { text: `${String(b.guest_name)} ${String(b.guest_phone)}`, type: 'bodySmall', color: t.onSurfaceVariant, flex: 1 }, { text: yuan(Number(b.total)), type: 'titleSmall', color: ORANGE }),
        ))),
      }),
      dialog: ctx.screen.ui.sheet === 'capsule' ? capsuleSheet(ctx) : undefined,
    };
  };

  return {
    [name('home')]: home,
    [name('results')]: resultsScreen,
    [name('detail')]: detail,
    [name('book')]: book,
    [name('booked')]: booked,
    [name('orders')]: orders,
  };
}
