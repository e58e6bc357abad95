// The device panel's webview as scenarios reach it: the frame once it has painted, the phone's
// UI tree through the panel's inspector, and a tap on a node through the panel's own mapping.
import { until } from './time.mjs';

/** The webview frame (VS Code nests it two iframes deep) once it has painted a frame. */
export async function panelFrame(page) {
  return until('the device panel to show the phone', async () => {
    for (const f of page.frames()) {
      const painted = await f.evaluate(() => globalThis.__devicePanel?.stats.frames > 0).catch(() => false);
      if (painted) return f;
    }
    return undefined;
  }, 60_000);
}

/** The phone's UI tree now, as the inspector lists it (inspect mode is turned on and off again). */
export async function panelNodes(frame) {
  await frame.locator('#inspect-toggle').click();
  const nodes = await until('the inspector UI tree', () => frame.evaluate(() => {
    const n = globalThis.__devicePanel.inspectorNodes();
    return n.length > 0 ? n : undefined;
  }));
  await frame.locator('#inspect-toggle').click();
  return nodes;
}

/** The stage-relative CSS position of a device pixel, by the panel's own mapping. */
export function panelPosition(frame, x, y) {
  return frame.evaluate(([x, y]) => {
    const p = globalThis.__devicePanel;
    const r = p.drawnRect();
    const d = p.device();
    const s = document.querySelector('#stage').getBoundingClientRect();
    return { x: r.left - s.left + ((x + 0.5) * r.width) / d.width, y: r.top - s.top + ((y + 0.5) * r.height) / d.height };
  }, [x, y]);
}

/** Clicks the centre of a node (from panelNodes) on the mirrored screen: the phone gets a tap. */
export async function tapPanelNode(frame, node) {
  const x = Math.round((node.bounds[0] + node.bounds[2]) / 2);
  const y = Math.round((node.bounds[1] + node.bounds[3]) / 2);
  await frame.locator('#stage').click({ position: await panelPosition(frame, x, y) });
}
