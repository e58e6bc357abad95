// A declared app (AppSpec) → the manifest the phone runs: its info, its seed as data, and each
// screen built by its module with its parameters. Nothing of the spec is code: expressions
// are CEL, SQL runs on the app's own database, actions are a closed set.
// A screen that throws names its file and line (the phone shows it as the app's crash screen).
import type { AppManifest, Screen } from '../app';
import { addressFormScreen } from './address-form';
import { addressesScreen } from './addresses';
import { Bindings, located, type Expressions } from './bindings';
import { cartScreen } from './cart';
import { checkoutScreen } from './checkout';
import { CEL_EXPRESSIONS } from './cel';
import { bookingScreen } from './booking';
import { calendarScreen } from './calendar';
import { commentsScreen } from './comments';
import { detailScreen } from './detail';
import { feedScreen } from './feed';
import { formScreen } from './form';
import { infoOfSpec } from './info';
import { listScreen } from './list';
import { expandMounts } from './mount';
import { notificationsScreen } from './notifications';
import { ordersScreen } from './orders';
import { paymentScreen } from './payment';
import { peopleScreen } from './people';
import { personScreen } from './person';
import { personFormScreen } from './person-form';
import { placesScreen } from './places';
import { playerScreen } from './player';
import { productScreen } from './product';
import { productsScreen } from './products';
import { profileScreen } from './profile';
import { seedFromSpec } from './seed';
import { settingsScreen } from './settings';
import type { AppSpec, ScreenSpec } from './spec';
import { tabsScreen } from './tabs';
import { threadScreen } from './thread';

function moduleScreen(s: ScreenSpec, b: Bindings, screens: Record<string, Screen>): Screen {
  switch (s.module) {
    case 'list': return listScreen(s, b);
    case 'form': return formScreen(s, b);
    case 'detail': return detailScreen(s, b);
    case 'settings': return settingsScreen(s, b);
    case 'people': return peopleScreen(s, b);
    case 'thread': return threadScreen(s, b);
    case 'calendar': return calendarScreen(s, b);
    case 'tabs': return tabsScreen(s, b, (name) => screens[name]);
    case 'booking': return bookingScreen(s, b);
    case 'feed': return feedScreen(s, b);
    case 'comments': return commentsScreen(s, b);
    case 'player': return playerScreen(s, b);
    case 'places': return placesScreen(s, b);
    case 'notifications': return notificationsScreen(s, b);
    case 'profile': return profileScreen(s, b);
    case 'cart': return cartScreen(s, b);
    case 'checkout': return checkoutScreen(s, b);
    case 'addresses': return addressesScreen(s, b);
    case 'addressForm': return addressFormScreen(s, b);
    case 'payment': return paymentScreen(s, b);
    case 'orders': return ordersScreen(s, b);
    case 'person': return personScreen(s, b);
    case 'personForm': return personFormScreen(s, b);
    case 'products': return productsScreen(s, b);
    case 'product': return productScreen(s, b);
  }
}

export function compileAppSpec(declared: AppSpec, exprs: Expressions = CEL_EXPRESSIONS): AppManifest {
  const spec = expandMounts(declared);
  const info = infoOfSpec(spec);
  const screens: Record<string, Screen> = {};
  for (const [name, s] of Object.entries(spec.screens)) {
    const render = moduleScreen(s, new Bindings(exprs, s.at ?? spec.file, spec.strings), screens);
    screens[name] = (ctx) => {
      try {
        return render(ctx);
      } catch (e) {
        throw located(s.at ?? spec.file, e);
      }
    };
  }
  return {
    ...info,
    ...(info.database ? { database: { ...info.database, ...(spec.database?.seed ? { seed: seedFromSpec(spec.database.seed, spec.file) } : {}) } } : {}),
    home: spec.home,
    screens,
  };
}
