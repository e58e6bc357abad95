// The task stacks: which app is in front, each app's screen stack, recents, and the moves
// between them (launch, push/replace/pop, finish, home, opening a notification).
import type { ScreenInit, ScreenState } from '../apps/app';
import { LAUNCHER_PACKAGE } from '../apps/registry';
import type { PhoneCore } from './phone-core';

export function newScreen(name: string, params: Record<string, unknown> = {}): ScreenState {
  return { name, params, fields: {}, scroll: {}, ui: {} };
}

export class Navigator {
  constructor(private readonly core: PhoneCore) {}

  /** The top screen of an app's task (an app with no task gets one on its home screen). */
  topScreen(pkg: string): ScreenState {
    const { state } = this.core;
    let stack = state.tasks[pkg];
    if (!stack || stack.length === 0) {
      stack = state.tasks[pkg] = [newScreen(this.core.apps.get(pkg)!.home)];
    }
    return stack[stack.length - 1];
  }

  navigate(pkg: string, how: 'push' | 'replace', name: string, params: Record<string, unknown> = {}, init: ScreenInit = {}): void {
    const { state } = this.core;
    const app = this.core.apps.get(pkg)!;
    if (!app.screens[name]) throw new Error(`${pkg} has no screen ${name}`);
    const stack = state.tasks[pkg] ?? (state.tasks[pkg] = []);
    if (how === 'replace') stack.pop();
    const screen = newScreen(name, structuredClone(params));
    if (init.fields) screen.fields = { ...init.fields };
    if (init.ui) screen.ui = structuredClone(init.ui);
    if (init.scroll) screen.scroll = { ...init.scroll };
    screen.focus = init.focus;
    stack.push(screen);
    state.textMenu = null;
  }

  popScreen(pkg: string): void {
    const { state } = this.core;
    const stack = state.tasks[pkg];
    state.textMenu = null;
    if (stack && stack.length > 1) stack.pop();
    else this.goHome();
  }

  finishApp(pkg: string): void {
    const { state } = this.core;
    delete state.tasks[pkg];
    state.recents = state.recents.filter((p) => p !== pkg);
    if (state.foreground === pkg) this.goHome();
  }

  goHome(): void {
    const { state } = this.core;
    state.foreground = LAUNCHER_PACKAGE;
    state.tasks[LAUNCHER_PACKAGE] = [newScreen(this.core.apps.get(LAUNCHER_PACKAGE)!.home)];
    state.textMenu = null;
    state.recentsOpen = false;
    state.shadeOpen = false;
  }

  /** Brings an app to the front (resuming its task), optionally on a given screen. */
  launch(pkg: string, screen?: string, params?: Record<string, unknown>, init?: ScreenInit): boolean {
    const { state } = this.core;
    const app = this.core.apps.get(pkg);
    if (!app) return false;
    if (pkg === LAUNCHER_PACKAGE) {
      this.goHome();
      return true;
    }
    const cold = !state.tasks[pkg]?.length;
    if (cold) state.tasks[pkg] = [newScreen(app.home)];
    if (screen) this.navigate(pkg, 'push', screen, params, init);
    state.foreground = pkg;
    state.recents = [pkg, ...state.recents.filter((p) => p !== pkg)];
    state.textMenu = null;
    state.recentsOpen = false;
    state.shadeOpen = false;
    this.core.interferenceEngine.onLaunch(this.core.interferenceState, this.core.interferenceHost(), pkg, cold);
    return true;
  }

  /** Opens a notification from the shade: its app (on the linked screen), and it goes away. */
  openNotification(id: number): void {
    const { state } = this.core;
    const n = state.notifications?.find((x) => x.id === id);
    if (!n) return;
    state.notifications = state.notifications!.filter((x) => x.id !== id);
    state.shadeOpen = false;
    this.launch(n.pkg, n.screen, n.params);
  }
}
