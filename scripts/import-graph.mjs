#!/usr/bin/env node
// Prints the layer import graph of src/ (production code: tests and test kits left out), one
// line per layer: `agent → device, model, …`, then every import circle between files (a set of
// files that import each other, type-only imports included), or `no import circle`. Imports are
// read with TypeScript's own pre-processor, so static, re-export, type-only and dynamic
// `import()` all count.
// Usage: node scripts/import-graph.mjs [--root DIR] [--tests]
// (--root: another checkout, e.g. a `git worktree` of an older commit; --tests: include tests.)
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const root = path.resolve(args.includes('--root') ? args[args.indexOf('--root') + 1] : path.join(import.meta.dirname, '..'));
const withTests = args.includes('--tests');
const src = path.join(root, 'src');

const isTestFile = (rel) => /\.test\.ts$/.test(rel) || /(^|\/)testing(\.ts$|\/)/.test(rel);

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** layer → set of layers (and bare `vscode`) it imports. */
const graph = new Map();
/** file (relative to src/) → files it imports. */
const fileDeps = new Map();
const resolveFile = (p) => [p, `${p}.ts`, `${p}.mts`, path.join(p, 'index.ts')].find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
for (const layer of fs.readdirSync(src, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
  const deps = new Set();
  graph.set(layer, deps);
  for (const file of files(path.join(src, layer))) {
    const rel = path.relative(src, file);
    if (!withTests && isTestFile(rel)) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const own = new Set();
    fileDeps.set(rel, own);
    for (const { fileName } of importedFiles) {
      if (fileName === 'vscode') deps.add('vscode');
      if (!fileName.startsWith('.')) continue;
      const resolved = resolveFile(path.resolve(path.dirname(file), fileName));
      if (resolved) own.add(path.relative(src, resolved));
      const target = path.relative(src, path.resolve(path.dirname(file), fileName));
      const top = target.split(path.sep)[0];
      if (!target.startsWith('..') && top !== layer && fs.statSync(path.join(src, top), { throwIfNoEntry: false })?.isDirectory()) deps.add(top);
    }
  }
}

const width = Math.max(...[...graph.keys()].map((k) => k.length));
for (const [layer, deps] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${layer.padEnd(width)} → ${deps.size ? [...deps].sort().join(', ') : 'nothing'}`);
}

// Import circles: strongly connected components of the file graph (Tarjan), larger than one file.
const circles = [];
{
  let index = 0;
  const idx = new Map(), low = new Map(), stack = [], on = new Set();
  const visit = (v) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const w of fileDeps.get(v) ?? []) {
      if (!fileDeps.has(w)) continue;
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) circles.push(scc.sort());
    }
  };
  for (const v of [...fileDeps.keys()].sort()) if (!idx.has(v)) visit(v);
}
if (circles.length === 0) console.log('no import circle');
for (const c of circles.sort((a, b) => a[0].localeCompare(b[0]))) console.log(`circle: ${c.join(' ↔ ')}`);
