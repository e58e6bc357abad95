// The only file that knows which web component library draws the panel's controls
// (@vscode/webview-ui-toolkit today; it is archived upstream, so this is where a swap to
// @vscode-elements/elements would happen). Everything else asks for plain elements here.
import { provideVSCodeDesignSystem, vsCodeButton, vsCodeDropdown, vsCodeOption } from '@vscode/webview-ui-toolkit';

provideVSCodeDesignSystem().register(vsCodeButton(), vsCodeDropdown(), vsCodeOption());

export interface ButtonOptions {
  label: string;
  title?: string;
  /** 'icon' buttons are compact toolbar buttons. */
  appearance?: 'primary' | 'secondary' | 'icon';
  onClick: () => void;
}

export function button(o: ButtonOptions): HTMLElement {
  const b = document.createElement('vscode-button');
  b.textContent = o.label;
  b.setAttribute('appearance', o.appearance ?? 'secondary');
  if (o.title) {
    b.title = o.title;
    b.setAttribute('aria-label', o.title);
  }
  b.addEventListener('click', () => {
    if (!b.hasAttribute('disabled')) o.onClick();
  });
  return b;
}

export function setEnabled(el: HTMLElement, enabled: boolean): void {
  if (enabled) el.removeAttribute('disabled');
  else el.setAttribute('disabled', '');
}

export interface DropdownOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A dropdown whose options can be replaced while it is shown. */
export function dropdown(onChange: (value: string) => void): { el: HTMLElement; setOptions(options: DropdownOption[], selected?: string): void } {
  const el = document.createElement('vscode-dropdown');
  el.setAttribute('aria-label', 'Device');
  el.addEventListener('change', () => onChange((el as HTMLElement & { value: string }).value));
  return {
    el,
    setOptions(options, selected) {
      el.replaceChildren(...options.map((o) => {
        const opt = document.createElement('vscode-option');
        opt.setAttribute('value', o.value);
        opt.textContent = o.label;
        if (o.disabled) opt.setAttribute('disabled', '');
        if (o.value === selected) opt.setAttribute('selected', '');
        return opt;
      }));
      if (selected !== undefined) (el as HTMLElement & { value: string }).value = selected;
    },
  };
}
