import { createMockPhone } from './src/mockphone/index';
(async () => {
  const p = await createMockPhone({ seed: 3 });
  const W = Number(process.env.W ?? 760);
  for (const app of ['com.phonebuddy.contacts', 'com.phonebuddy.notes', 'com.phonebuddy.shop']) {
    await p.openApp(app);
    let g = (await p.panelFrame({ width: W })).generation;
    for (const d of [-40, -12, -1, 5, -67, 100, -200]) {
      await p.drag({ x: 540, y: 1400 }, { x: 540, y: 1400 + d }, 16);
      const c = await p.panelFrame({ width: W, since: g });
      g = c.generation;
      const H = Math.round(2400 * W / 1080);
      console.log(app, d, c.kind, c.kind === "tiles" ? `${c.tiles.map((t) => [t.x, t.y, t.w, t.h].join(",")).join(" ")} tiles ${Math.round(100 * c.tiles.reduce((a, t) => a + t.w * t.h, 0) / (W * H))}% shifts ${JSON.stringify(c.shifts)}` : '');
    }
  }
  await p.close();
})();
