// The typed entry point of TypeScript mock apps (`*.app.ts` in a workspace's apps folder): the
// same API the built-in apps are written against — AppContext, Screen, the manifest — and the
// widget kit, and nothing else, so what an app may rely on stays small and stable.
//
// An app file imports only types from here (`import type { AppKit, AppManifest } from
// '@phonebuddy/app-api'`); the types are erased when the file is loaded, and the kit's
// functions come as the argument of its default export (src/studio/app-files/load-ts-app.ts).
// dist/app-api.d.ts, built from this file, is what an app type-checks against
// (docs/authoring-apps.md, "TypeScript apps").
import { bottomNav, bottomSheet, brandBar, chip, chipRows, photo, stepper, yuan } from './apps/catalog-shared/widgets';
import { localize, translate, type AppManifest } from './apps/app';
import {
  alertDialog, appBar, avatar, button, checkboxRow, divider, emptyState, fab, iconButton, listItem, popupMenu, radioRow, scaffold, scrollList,
  sectionHeader, switchRow, tabs, textField,
} from './ui/widgets';
import { col, row, stack } from './ui/view';

export type {
  AppContext, AppDb, AppManifest, DialogButton, Locale, Localized, Screen, ScreenInit, ScreenOutput, ScreenState, SeedContext, Strings,
} from './apps/app';
export type { SqlRow, SqlValue } from '../device/device';
export type { SeededRandom } from './runtime/random';
export type { IconName } from './ui/icons';
export type { Theme, TypeRole } from './ui/theme';
export type { Dim, Insets, TextFieldSpec, View } from './ui/view';
export type { Action } from './ui/widgets';

/** What a TypeScript app's default export is given: the widget kit the built-in apps use. */
export const APP_KIT = Object.freeze({
  // layout
  col, row, stack,
  // the core widgets (src/mockphone/ui/widgets.ts)
  alertDialog, appBar, avatar, button, checkboxRow, divider, emptyState, fab, iconButton, listItem, popupMenu, radioRow, scaffold, scrollList,
  sectionHeader, switchRow, tabs, textField,
  // the catalogue apps' shared widgets (src/mockphone/apps/catalog-shared/widgets.ts)
  bottomNav, bottomSheet, brandBar, chip, chipRows, photo, stepper, yuan,
  // text
  localize, translate,
});

export type AppKit = typeof APP_KIT;

/** A TypeScript app's default export: its manifest, or a function of the kit returning it. */
export type AppModule = AppManifest | ((kit: AppKit) => AppManifest);
