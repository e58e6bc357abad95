#!/usr/bin/env node
// Prints the layer import graph of src/ (production code: tests and test kits left out), one
// line per layer: `agent → device, model, …`. Imports are read with TypeScript's own
// pre-processor, so static, re-export, type-only and dynamic `import()` all count.
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
for (const layer of fs.readdirSync(src, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
  const deps = new Set();
  graph.set(layer, deps);
  for (const file of files(path.join(src, layer))) {
    const rel = path.relative(src, file);
    if (!withTests && isTestFile(rel)) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName === 'vscode') deps.add('vscode');
      if (!fileName.startsWith('.')) continue;
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
