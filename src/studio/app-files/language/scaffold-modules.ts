// The screens New Mock App writes for the modules beyond the home list's family (list, people,
// detail, form, settings: scaffold.ts): one screen per module, each on tables of its own,
// seeded so the screen shows something, its taps leading only to screens the app has (a toast
// where the screen it would open was not asked for). The shop modules share their tables, and
// lead to one another when both are asked for (products → product → cart → checkout → payment
// → orders). Each is reached from the hub pages scaffold.ts links from the detail screen.
// Literal texts (the same in both locales) keep the file short; `@key` strings are the
// author's to add.

/** The modules this file scaffolds, in the order their screens are written. */
export const EXTRA_MODULES = [
  'tabs', 'thread', 'calendar', 'booking', 'feed', 'comments', 'player', 'places', 'notifications', 'profile',
  'person', 'personForm', 'products', 'product', 'cart', 'checkout', 'addresses', 'addressForm', 'payment', 'orders',
] as const;
export type ExtraModule = (typeof EXTRA_MODULES)[number];

const SHOP: readonly ExtraModule[] = ['products', 'product', 'cart', 'checkout', 'addresses', 'addressForm', 'payment', 'orders'];

export interface ExtraPart {
  /** The screen's name; the hub opens it with `params` (a CEL map, as YAML flow text). */
  screen: string;
  label: string;
  params?: string;
  lines: string[];
}

export interface ExtraParts {
  screens: ExtraPart[];
  /** CREATE TABLE statements. */
  schema: string[];
  /** Seed rows (both locales): table → YAML flow rows. */
  rows: Record<string, string[]>;
}

/** The screens, tables and seed rows for `asked` (any order; unknown names ignored). */
export function extraParts(asked: ReadonlySet<string>): ExtraParts {
  const has = (m: ExtraModule) => asked.has(m);
  const go = (m: ExtraModule, params = '') => (has(m) ? `{ navigate: ${m}${params} }` : `{ toast: 'No ${m} screen in this app' }`);
  const out: ExtraParts = { screens: [], schema: [], rows: {} };
  const table = (sql: string, rows: Record<string, string[]> = {}) => {
    out.schema.push(sql);
    for (const [t, r] of Object.entries(rows)) out.rows[t] = [...(out.rows[t] ?? []), ...r];
  };

  if (has('tabs')) {
    // A tabs screen holds two screens of its own (the app's list and detail stay where they are).
    out.screens.push({ screen: 'tabs', label: 'Tabs', lines: [
      '  tabs:', '    module: tabs', '    tabs:',
      "      - { label: Today, icon: calendar, id: tab_today, screen: tab_today }",
      "      - { label: Notes, icon: note, id: tab_notes, screen: tab_notes }",
      '  tab_today:', '    module: detail', '    title: Today',
      "    query: { sql: 'SELECT count(*) AS n FROM items' }",
      "    fields: [{ label: Items, value: string(row.n), id: item_count }]",
      '  tab_notes:', '    module: settings', '    title: Notes', '    table: tab_prefs',
      "    toggles: [{ key: compact, title: Compact list, id: compact }]",
    ] });
    table('CREATE TABLE tab_prefs (key TEXT PRIMARY KEY, value INTEGER NOT NULL);');
  }
  if (has('thread')) {
    out.screens.push({ screen: 'thread', label: 'Chat', lines: [
      '  thread:', '    module: thread', '    title: Sam',
      "    query: { sql: 'SELECT id, body, mine, sent_at FROM messages ORDER BY sent_at, id' }",
      '    message: { body: row.body, mine: row.mine == 1, time: row.sent_at }',
      "    composer: { hint: Message }",
      "    send: [{ insert: { table: messages, values: { body: text, mine: '1', sent_at: now } } }]",
      "    copy: { label: Copy, toast: Copied }",
    ] });
    table('CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, mine INTEGER NOT NULL, sent_at INTEGER NOT NULL);',
      { messages: ["{ body: 'Hi, are we still on for today?', mine: 0, sent_at: 1000 }", "{ body: 'Yes, see you at six', mine: 1, sent_at: 2000 }"] });
  }
  if (has('calendar')) {
    out.screens.push({ screen: 'calendar', label: 'Calendar', lines: [
      '  calendar:', '    module: calendar',
      '    query:',
      "      sql: 'SELECT id, title, start_at, end_at FROM events WHERE start_at < ? AND end_at > ? ORDER BY start_at, id'",
      '      args: [to, from]',
      "    item: { title: row.title, start: row.start_at, end: row.end_at, id: event, tap: [{ toast: '=row.title' }] }",
      "    labels: { prev: Previous month, next: Next month, today: Today, empty: No events }",
    ] });
    table('CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, start_at INTEGER NOT NULL, end_at INTEGER NOT NULL);');
  }
  if (has('booking')) {
    out.screens.push({ screen: 'booking', label: 'Book', lines: [
      '  booking:', '    module: booking', '    title: Book', '    back: true',
      '    query:',
      "      sql: \"SELECT id, name, stars, price, '¥' || price AS price_label FROM rooms WHERE (? IS NULL OR stars = ?) ORDER BY CASE ? WHEN 'price' THEN price ELSE -stars END, id\"",
      '      args: [filter.stars, filter.stars, sort]',
      "    filters: [{ key: stars, label: Stars, options: [{ label: 4★, value: 4 }, { label: 5★, value: 5 }] }]",
      "    sort: { label: Sort, options: [{ label: Recommended, value: recommended }, { label: Cheapest, value: price }] }",
      '    item: { title: row.name, price: row.price_label, id: room }',
      '    book:', '      label: Book', '      title: Book this room?', '      confirm: Book',
      "      do: [{ insert: { table: room_bookings, values: { room_id: row.id, booked_at: now } } }, { toast: Booked }]",
    ] });
    table('CREATE TABLE rooms (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, stars INTEGER NOT NULL, price INTEGER NOT NULL);',
      { rooms: ["{ name: Harbour View, stars: 5, price: 980 }", "{ name: Old Town Inn, stars: 4, price: 420 }"] });
    table('CREATE TABLE room_bookings (id INTEGER PRIMARY KEY AUTOINCREMENT, room_id INTEGER NOT NULL, booked_at INTEGER NOT NULL);');
  }
  if (has('feed') || has('comments')) {
    table('CREATE TABLE posts (id INTEGER PRIMARY KEY AUTOINCREMENT, author TEXT NOT NULL, body TEXT NOT NULL, liked INTEGER NOT NULL DEFAULT 0, likes INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL DEFAULT 0);',
      { posts: ["{ author: Ana, body: 'First light over the bay', likes: 3, created_at: 1000 }"] });
    table('CREATE TABLE comments (id INTEGER PRIMARY KEY AUTOINCREMENT, post_id INTEGER NOT NULL, author TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL DEFAULT 0);',
      { comments: ["{ post_id: 1, author: Ben, body: Lovely, created_at: 2000 }"] });
  }
  if (has('feed')) {
    out.screens.push({ screen: 'feed', label: 'Feed', lines: [
      '  feed:', '    module: feed', '    title: Feed', '    back: true',
      "    query: { sql: 'SELECT p.id, p.author, p.body, p.liked, p.likes, p.created_at, (SELECT count(*) FROM comments c WHERE c.post_id = p.id) AS n FROM posts p ORDER BY p.created_at DESC, p.id DESC' }",
      '    item:', '      author: row.author', '      time: row.created_at', '      text: row.body', '      comments: string(row.n)',
      `      tap: [${go('comments', ', params: { id: row.id }')}]`,
      '    like: { table: posts, flag: liked, count: likes }',
      "    empty: { text: No posts yet }",
    ] });
  }
  if (has('comments')) {
    out.screens.push({ screen: 'comments', label: 'Comments', params: "{ id: '1' }", lines: [
      '  comments:', '    module: comments', '    title: Comments',
      "    post: { query: { sql: 'SELECT author, body FROM posts WHERE id = ?', args: [params.id] }, author: row.author, text: row.body }",
      "    query: { sql: 'SELECT author, body, created_at FROM comments WHERE post_id = ? ORDER BY created_at, id', args: [params.id] }",
      '    item: { author: row.author, text: row.body, time: row.created_at }',
      "    composer: { hint: Add a comment, send: [{ insert: { table: comments, values: { post_id: params.id, author: \"'Me'\", body: text, created_at: now } } }] }",
      "    empty: { text: No comments yet }",
    ] });
  }
  if (has('player')) {
    out.screens.push({ screen: 'player', label: 'Player', lines: [
      '  player:', '    module: player', '    title: Now playing', '    back: true',
      "    query: { sql: 'SELECT id, title, artist, seconds FROM tracks ORDER BY id' }",
      '    item: { title: row.title, artist: row.artist, duration: row.seconds, id: track }',
      '    state: player_state',
    ] });
    table('CREATE TABLE tracks (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, artist TEXT NOT NULL, seconds INTEGER NOT NULL);',
      { tracks: ["{ title: Morning, artist: The Quiet, seconds: 214 }", "{ title: Harbour, artist: Lumen, seconds: 187 }"] });
    table('CREATE TABLE player_state (key TEXT PRIMARY KEY, value INTEGER NOT NULL);',
      { player_state: ['{ key: track, value: 1 }', '{ key: playing, value: 0 }', '{ key: position, value: 0 }'] });
  }
  if (has('places')) {
    out.screens.push({ screen: 'places', label: 'Places', lines: [
      '  places:', '    module: places', '    title: Places', '    back: true',
      "    search: { hint: Search places }",
      '    query:',
      "      sql: \"SELECT id, name, kind, km, stars, x, y FROM places WHERE (? = '' OR name LIKE '%' || ? || '%') ORDER BY km, id\"",
      '      args: [search, search]',
      '    item: { name: row.name, desc: row.kind, distance: row.km, rating: row.stars, x: row.x, y: row.y }',
      "    pick: { label: Save, id: save_place, do: [{ insert: { table: saved_places, values: { place_id: row.id } } }, { toast: Saved }] }",
      "    empty: { text: No places }",
    ] });
    table('CREATE TABLE places (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, kind TEXT NOT NULL, km REAL NOT NULL, stars REAL NOT NULL, x REAL NOT NULL, y REAL NOT NULL);',
      { places: ['{ name: Corner Café, kind: Café, km: 0.4, stars: 4.5, x: 0.3, y: 0.4 }', '{ name: City Park, kind: Park, km: 1.2, stars: 4.8, x: 0.7, y: 0.6 }'] });
    table('CREATE TABLE saved_places (id INTEGER PRIMARY KEY AUTOINCREMENT, place_id INTEGER NOT NULL);');
  }
  if (has('notifications')) {
    out.screens.push({ screen: 'notifications', label: 'Notifications', lines: [
      '  notifications:', '    module: notifications', '    title: Notifications', '    back: true',
      '    table: notices', '    read: read',
      "    query: { sql: 'SELECT id, title, body, read, created_at FROM notices ORDER BY created_at DESC, id DESC' }",
      '    item: { title: row.title, text: row.body, time: row.created_at }',
      '    markAll: {}',
      "    clear: { title: Clear all notifications?, confirm: Clear, cancel: Cancel }",
      "    empty: { text: No notifications }",
    ] });
    table('CREATE TABLE notices (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT \'\', read INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL DEFAULT 0);',
      { notices: ["{ title: Welcome, body: 'Thanks for trying the app', created_at: 1000 }"] });
  }
  if (has('profile')) {
    out.screens.push({ screen: 'profile', label: 'Profile', lines: [
      '  profile:', '    module: profile', '    title: Profile', '    back: true',
      "    query: { sql: 'SELECT name, handle, signed_in FROM account WHERE id = 1' }",
      '    header: { name: row.name, subtitle: row.handle }',
      "    logout: { label: Log out, message: Log out of this app?, cancel: Cancel, do: [{ update: { table: account, set: { signed_in: '0' }, where: { id: '1' } } }, { toast: Logged out }] }",
    ] });
    table('CREATE TABLE account (id INTEGER PRIMARY KEY, name TEXT NOT NULL, handle TEXT NOT NULL, signed_in INTEGER NOT NULL DEFAULT 1);',
      { account: ["{ id: 1, name: Alex Kim, handle: '@alex' }"] });
  }
  if (has('person')) {
    out.screens.push({ screen: 'person', label: 'Person', params: "{ id: '1' }", lines: [
      '  person:', '    module: person',
      "    query: { sql: 'SELECT id, name, note FROM items WHERE id = ?', args: [params.id] }",
      '    name: row.name',
      "    empty: { text: Nobody here }",
      "    buttons: [{ icon: chat, label: Say hi, id: say_hi, do: [{ toast: \"='Hi, ' + row.name\" }] }]",
      "    info: { title: About, rows: [{ value: row.note, label: Note, icon: info, id: person_note }] }",
    ] });
  }
  if (has('personForm')) {
    out.screens.push({ screen: 'personForm', label: 'New person', lines: [
      '  personForm:', '    module: personForm', '    table: items', '    title: New person', '    editTitle: Edit person',
      '    cancel: { desc: Cancel, id: cancel }',
      '    fields:',
      '      - { key: name, column: name, label: Name, icon: person }',
      '      - { key: note, column: note, label: Note, icon: info }',
      "    requireAny: { fields: [name], toast: Give it a name }",
      '    stamps: { insert: { created_at: now } }',
      "    save: { label: Save, id: save_person, afterInsert: [{ back: true }, { toast: Saved }], afterUpdate: [{ back: true }] }",
    ] });
  }
  if (SHOP.some(has)) {
    table('CREATE TABLE goods (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, price REAL NOT NULL, hue INTEGER NOT NULL DEFAULT 200, sales INTEGER NOT NULL DEFAULT 0);',
      { goods: ['{ title: Canvas tote, price: 59, hue: 30, sales: 120 }', '{ title: Steel bottle, price: 89, hue: 200, sales: 75 }'] });
    table('CREATE TABLE basket (id INTEGER PRIMARY KEY AUTOINCREMENT, goods_id INTEGER NOT NULL, qty INTEGER NOT NULL DEFAULT 1, options TEXT NOT NULL DEFAULT \'\');',
      { basket: ['{ goods_id: 1, qty: 1 }'] });
    table('CREATE TABLE addresses (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, phone TEXT NOT NULL, street TEXT NOT NULL, is_default INTEGER NOT NULL DEFAULT 0);',
      { addresses: ["{ name: Alex Kim, phone: '555-0100', street: 1 Harbour Road, is_default: 1 }"] });
    table('CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, address_id INTEGER, total REAL NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL DEFAULT 0);',
      { orders: ["{ address_id: 1, total: 89, status: pending_payment, created_at: 1000 }"] });
    table('CREATE TABLE order_lines (id INTEGER PRIMARY KEY AUTOINCREMENT, order_id INTEGER NOT NULL, goods_id INTEGER NOT NULL, qty INTEGER NOT NULL, price REAL NOT NULL);',
      { order_lines: ['{ order_id: 1, goods_id: 2, qty: 1, price: 89 }'] });
  }
  const lines = "SELECT b.id, b.goods_id, g.title, g.price, b.qty, b.options, g.hue FROM basket b JOIN goods g ON g.id = b.goods_id ORDER BY b.id";
  const line = '{ title: row.title, price: row.price, qty: row.qty, options: row.options, hue: row.hue }';
  if (has('products')) {
    out.screens.push({ screen: 'products', label: 'Shop', lines: [
      '  products:', '    module: products', '    back: true',
      `    search: { hint: Search, button: { label: Search }, do: [{ toast: "='Searched ' + query" }] }`,
      "    query: { sql: 'SELECT id, title, price, hue, sales FROM goods ORDER BY sales DESC, id' }",
      `    item: { title: row.title, price: row.price, hue: row.hue, id: goods, tap: [${go('product', ', params: { id: row.id }')}] }`,
      "    empty: { text: Nothing found }",
    ] });
  }
  if (has('product')) {
    out.screens.push({ screen: 'product', label: 'Product', params: "{ id: '1' }", lines: [
      '  product:', '    module: product',
      "    query: { sql: 'SELECT id, title, price, hue, sales FROM goods WHERE id = ?', args: [params.id] }",
      '    photo: { hue: row.hue }', '    price: row.price', '    title: row.title',
      '    quantity: { label: Quantity, id: qty, min: 1, max: 9 }',
      `    buttons: [{ label: Add to cart, id: add_to_cart, do: [{ insert: { table: basket, values: { goods_id: row.id, qty: qty, options: options } } }, { toast: Added }] }]`,
      "    empty: { text: No such product }",
    ] });
  }
  if (has('cart')) {
    out.screens.push({ screen: 'cart', label: 'Cart', lines: [
      '  cart:', '    module: cart', '    title: Cart',
      `    query: { sql: '${lines}' }`,
      '    table: basket',
      `    item: ${line}`,
      "    empty: { text: Your cart is empty }",
      '    total: Total',
      `    checkout: { label: Checkout, id: checkout_button, do: [${go('checkout', ", params: { addressId: 'null' }")}] }`,
    ] });
  }
  if (has('checkout')) {
    out.screens.push({ screen: 'checkout', label: 'Checkout', params: "{ addressId: 'null' }", lines: [
      '  checkout:', '    module: checkout', '    title: Confirm order',
      `    lines: { sql: '${lines}' }`,
      `    item: ${line}`,
      '    address:',
      "      query: { sql: 'WITH chosen(id) AS (SELECT ?) SELECT a.* FROM addresses a, chosen c WHERE c.id IS NULL OR a.id = c.id ORDER BY a.is_default DESC, a.id LIMIT 1', args: [params.addressId] }",
      "      title: \"row.name + '  ' + row.phone\"", '      body: row.street', '      none: Add an address',
      `      tap: [${go('addresses')}]`,
      '    submit:', '      label: Submit order',
      "      order: { table: orders, values: { address_id: address.id, total: total, status: \"'pending_payment'\", created_at: now } }",
      '      line: { table: order_lines, values: { order_id: order, goods_id: row.goods_id, qty: row.qty, price: row.price } }',
      '      remove: { table: basket }',
      `      after: [${has('payment') ? "{ navigate: payment, params: { orderId: order }, replace: true }" : "{ toast: Ordered }, { back: true }"}]`,
    ] });
  }
  if (has('addresses')) {
    out.screens.push({ screen: 'addresses', label: 'Addresses', lines: [
      '  addresses:', '    module: addresses', '    title: Addresses',
      "    query: { sql: 'SELECT * FROM addresses ORDER BY is_default DESC, id' }",
      "    item: { desc: row.name, title: \"row.name + '  ' + row.phone\", body: row.street, isDefault: row.is_default == 1, defaultLabel: Default }",
      `    add: { label: Add address, do: [${go('addressForm')}] }`,
    ] });
  }
  if (has('addressForm')) {
    out.screens.push({ screen: 'addressForm', label: 'New address', lines: [
      '  addressForm:', '    module: addressForm', '    title: New address', '    table: addresses',
      '    fields: [{ key: name, label: Name }, { key: phone, label: Phone }, { key: street, label: Street }]',
      '    defaultToggle: { column: is_default, label: Set as default }',
      "    save: { label: Save, needAll: Fill in every field }",
    ] });
  }
  if (has('payment')) {
    out.screens.push({ screen: 'payment', label: 'Pay', params: "{ orderId: '1' }", lines: [
      '  payment:', '    module: payment', '    title: Pay',
      "    query: { sql: 'SELECT * FROM orders WHERE id = ?', args: [params.orderId] }",
      '    amount: row.total', '    method: { label: Balance }',
      "    confirm: { label: Pay now, do: [{ update: { table: orders, set: { status: \"'paid'\" }, where: { id: params.orderId } } }, { toast: Paid }] }",
      `    later: { label: Pay later, do: [${has('orders') ? '{ navigate: orders, replace: true }' : '{ back: true }'}] }`,
    ] });
  }
  if (has('orders')) {
    out.screens.push({ screen: 'orders', label: 'Orders', lines: [
      '  orders:', '    module: orders', '    title: Orders',
      "    query: { sql: \"SELECT o.id, o.total, o.status, (SELECT group_concat(g.title, ', ') FROM order_lines l JOIN goods g ON g.id = l.goods_id WHERE l.order_id = o.id) AS items FROM orders o ORDER BY o.id DESC\" }",
      `    item: { title: row.items, status: row.status, total: row.total${has('payment') ? ", tapWhen: \"row.status == 'pending_payment'\", tap: [{ navigate: payment, params: { orderId: row.id } }]" : ''} }`,
      "    empty: { text: No orders yet }",
    ] });
  }
  return out;
}
