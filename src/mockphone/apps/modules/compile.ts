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
import { detailScreen } from './detail';
import { formScreen } from './form';
import { infoOfSpec } from './info';
import { listScreen } from './list';
import { ordersScreen } from './orders';
import { paymentScreen } from './payment';
import { peopleScreen } from './people';
import { seedFromSpec } from './seed';
import { settingsScreen } from './settings';
import type { AppSpec, ScreenSpec } from './spec';

function moduleScreen(s: ScreenSpec, b: Bindings): Screen {
  switch (s.module) {
    case 'list': return listScreen(s, b);
    case 'form': return formScreen(s, b);
    case 'detail': return detailScreen(s, b);
    case 'settings': return settingsScreen(s, b);
    case 'people': return peopleScreen(s, b);
    case 'cart': return cartScreen(s, b);
    case 'checkout': return checkoutScreen(s, b);
    case 'addresses': return addressesScreen(s, b);
    case 'addressForm': return addressFormScreen(s, b);
    case 'payment': return paymentScreen(s, b);
    case 'orders': return ordersScreen(s, b);
  }
}

export function compileAppSpec(spec: AppSpec, exprs: Expressions = CEL_EXPRESSIONS): AppManifest {
  const info = infoOfSpec(spec);
  const screens: Record<string, Screen> = {};
  for (const [name, s] of Object.entries(spec.screens)) {
    const render = moduleScreen(s, new Bindings(exprs, s.at ?? spec.file, spec.strings));
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
