import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Layout, pathAt, type FieldState } from './layout';
import { dumpXml } from './uiautomator';
import { col, row, type View } from './view';

const env = (scroll: Record<string, number> = {}, scale = 2) => ({
  scale, fontScale: 1,
  measureText: (text: string, px: number) => text.length * px * 0.5, // a monospace stand-in
  scrollOffset: (k: string) => scroll[k] ?? 0,
  field: (): FieldState => ({ value: '', focused: false, allSelected: false, cursor: 0 }),
});
const clip = { x: 0, y: 0, w: 200, h: 400 };

describe('layout', () => {
  it('shares the free height among flex children and places rows left to right', () => {
    const v = col({ padding: 10 }, { height: 20 }, { flex: 1 }, { flex: 3 }, row({ height: 30 }, { width: 20 }, { flex: 1 }, { width: 10 }));
    const box = new Layout(env()).place(v, 0, 0, 200, 400, clip);
    const [fixed, f1, f3, r] = box.children;
    assert.deepEqual([fixed.y, fixed.h, fixed.w], [20, 40, 160]);
    assert.equal(f1.h + f3.h, 360 - 40 - 60);
    assert.equal(f3.h, f1.h * 3);
    assert.deepEqual(r.children.map((c) => [c.x, c.w]), [[20, 40], [60, 100], [160, 20]]);
  });

  it('wraps text by words and CJK by character, with an ellipsis at maxLines', () => {
    const l = new Layout(env());
    // 5 px per character at 10 px
    assert.deepEqual(l.wrap('aaa bbb ccc', 40, 10, 400), ['aaa bbb', 'ccc']);
    assert.deepEqual(l.wrap('一二三四五六', 15, 10, 400), ['一二三', '四五六']);
    assert.deepEqual(l.wrap('aaa bbb ccc ddd eee', 35, 10, 400, 2), ['aaa bbb', 'ccc dd…']);
  });

  it('clamps scroll offsets, clips children and hit-tests the visible part only', () => {
    const items: View[] = Array.from({ length: 10 }, (_, i) => ({ height: 50, id: `i${i}`, onClick: () => undefined }));
    const l = new Layout(env({ list: 10_000 }, 1));
    const box = l.place(col({ height: 'fill' }, { height: 100, id: 'header' }, { flex: 1, scrollKey: 'list', children: items }), 0, 0, 200, 400, clip);
    const list = box.children[1];
    assert.deepEqual(list.scroll, { key: 'list', offset: 200, max: 200 }); // 500 px of rows in a 300 px list
    const path = pathAt(box, 10, 120);
    assert.equal(path.at(-1)!.view.id, 'i4'); // 20 px into the list + 200 scrolled = row 4
    assert.equal(pathAt(box, 10, 50).at(-1)!.view.id, 'header');
  });
});

describe('uiautomator dump', () => {
  it('escapes text and reports semantics', () => {
    const l = new Layout(env());
    const v = col({}, { text: 'a & <b> "c"\nd', id: 'label', height: 40 }, { control: 'switch', checked: true, onClick: () => undefined, desc: 'Wi-Fi', height: 40 });
    const xml = dumpXml([{ box: l.place(v, 0, 0, 200, 400, clip), pkg: 'p.q' }], { field: env().field });
    assert.match(xml, /text="a &amp; &lt;b&gt; &quot;c&quot;&#10;d" resource-id="p.q:id\/label" class="android.widget.TextView"/);
    assert.match(xml, /class="android.widget.Switch" package="p.q" content-desc="Wi-Fi" checkable="true" checked="true" clickable="true"/);
    assert.equal((xml.match(/<node /g) ?? []).length, 3);
    assert.equal((xml.match(/<\/node>/g) ?? []).length + (xml.match(/\/>/g) ?? []).length, 3);
    assert.ok(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">"));
  });
});
