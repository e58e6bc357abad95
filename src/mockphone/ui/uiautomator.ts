// Serialises the laid-out box tree in `uiautomator dump` XML, the schema agents and
// AndroidWorld-style tooling parse. Bounds are the visible (clipped) rectangle; views scrolled
// fully out of sight are left out, as uiautomator does.
import type { Box, FieldState } from './layout';
import { kids } from './layout';
import type { View } from './view';

export interface DumpEnv {
  field(key: string): FieldState;
}

export interface DumpRoot {
  box: Box;
  pkg: string;
}

const NEEDS_ESCAPE = /[&<>"\n\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

function esc(s: string): string {
  // Most attribute values are plain: skip the six replaces (a dump has thousands of values).
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

export function androidClass(v: View): string {
  if (v.cls) return v.cls;
  if (v.field) return 'android.widget.EditText';
  if (v.control === 'switch') return 'android.widget.Switch';
  if (v.control === 'checkbox') return 'android.widget.CheckBox';
  if (v.control === 'radio') return 'android.widget.RadioButton';
  if (v.slider !== undefined) return 'android.widget.SeekBar';
  if (v.scrollKey) return 'androidx.recyclerview.widget.RecyclerView';
  if (v.text !== undefined) return 'android.widget.TextView';
  if (v.icon) return v.onClick ? 'android.widget.ImageButton' : 'android.widget.ImageView';
  if (kids(v).length > 0) return v.dir === 'stack' ? 'android.widget.FrameLayout' : 'android.widget.LinearLayout';
  return 'android.view.View';
}

function node(box: Box, pkg: string, index: number, env: DumpEnv, depth: number, out: string[]): void {
  const v = box.view;
  const c = box.clip;
  if (c.w <= 0 || c.h <= 0) return;
  const f = v.field ? env.field(v.field.key) : undefined;
  // An empty EditText reports its hint as text, as uiautomator does on most Android versions.
  const text = f ? (f.value === '' ? v.field!.hint ?? '' : v.field!.password ? '•'.repeat([...f.value].length) : f.value) : v.text ?? '';
  const clickable = !!(v.onClick || v.onClickAt || v.field);
  const attrs = [
    ['index', String(index)],
    ['text', text],
    ['resource-id', v.id ? `${pkg}:id/${v.id}` : ''],
    ['class', androidClass(v)],
    ['package', pkg],
    ['content-desc', v.desc ?? ''],
    ['checkable', String(!!(v.control || v.checkable))],
    ['checked', String(!!v.checked)],
    ['clickable', String(clickable)],
    ['enabled', String(v.enabled !== false)],
    ['focusable', String(clickable || !!v.scrollKey)],
    ['focused', String(!!f?.focused)],
    ['scrollable', String(!!box.scroll && box.scroll.max > 0)],
    ['long-clickable', String(!!(v.onLongClick || v.field || v.selectable))],
    ['password', String(!!v.field?.password)],
    ['selected', String(!!v.selected)],
    ['bounds', `[${Math.round(c.x)},${Math.round(c.y)}][${Math.round(c.x + c.w)},${Math.round(c.y + c.h)}]`],
  ];
  const pad = '  '.repeat(depth);
  const head = `${pad}<node ${attrs.map(([k, val]) => `${k}="${esc(val)}"`).join(' ')}`;
  const visible = box.children.filter((ch) => ch.clip.w > 0 && ch.clip.h > 0);
  if (visible.length === 0) {
    out.push(`${head} />`);
    return;
  }
  out.push(`${head}>`);
  visible.forEach((ch, i) => node(ch, pkg, i, env, depth + 1, out));
  out.push(`${pad}</node>`);
}

export function dumpXml(roots: DumpRoot[], env: DumpEnv): string {
  const out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">'];
  roots.forEach((r, i) => node(r.box, r.pkg, i, env, 1, out));
  out.push('</hierarchy>');
  return out.join('\n') + '\n';
}
