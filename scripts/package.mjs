#!/usr/bin/env node
// Builds a platform-specific .vsix. The bundles in dist/ carry all JavaScript; only the native
// packages the bundles leave external (canvas, sharp, onnxruntime…) ship as files, copied into
// dist/node_modules with every other platform's binaries left out (onnxruntime-node alone is
// 288 MB with all platforms, 45 MB for one). vsce runs offline with --no-dependencies on a
// staging copy in .studio/package/<target>/.
//   node scripts/package.mjs [--target linux-x64] [--out file.vsix] [--no-build]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

// VS Code's platform targets → npm's os / cpu / libc fields.
const TARGETS = {
  'linux-x64': { os: 'linux', cpu: 'x64', libc: 'glibc' },
  'linux-arm64': { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  'alpine-x64': { os: 'linux', cpu: 'x64', libc: 'musl' },
  'alpine-arm64': { os: 'linux', cpu: 'arm64', libc: 'musl' },
  'darwin-x64': { os: 'darwin', cpu: 'x64' },
  'darwin-arm64': { os: 'darwin', cpu: 'arm64' },
  'win32-x64': { os: 'win32', cpu: 'x64' },
  'win32-arm64': { os: 'win32', cpu: 'arm64' },
};

const log = (msg) => console.log(`[package] ${msg}`);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Bare package names the Node bundles require at run time (what esbuild left external). */
export function runtimeRequires(distDir) {
  const names = new Set();
  const builtins = new Set(builtinModules);
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'test') walk(full);
      } else if (e.name.endsWith('.js')) {
        const src = fs.readFileSync(full, 'utf8');
        for (const m of src.matchAll(/\b(?:require|import)\(\s*["']([^"'./][^"']*)["']\s*\)/g)) {
          const spec = m[1];
          if (spec.startsWith('node:') || builtins.has(spec) || builtins.has(spec.split('/')[0])) continue;
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
          if (name !== 'vscode') names.add(name);
        }
      }
    }
  };
  walk(distDir);
  return [...names].sort();
}

function matchesTarget(pkg, t) {
  const ok = (field, value) => {
    if (!field || value === undefined) return true;
    const list = Array.isArray(field) ? field : [field];
    if (list.includes(`!${value}`)) return false;
    const positive = list.filter((x) => !x.startsWith('!'));
    return positive.length === 0 || positive.includes(value);
  };
  return ok(pkg.os, t.os) && ok(pkg.cpu, t.cpu) && ok(pkg.libc, t.libc);
}

/** Resolves `name` from `fromDir` the way Node does (nearest node_modules upwards, within root). */
function resolvePackageDir(name, fromDir) {
  for (let d = fromDir; d.startsWith(root); d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (d === root) break;
  }
  return null;
}

/**
 * Declared dependencies the Node bundles never load: transformers.js depends on
 * onnxruntime-web (141 MB) for browsers, while its Node build runs on onnxruntime-node.
 */
export const NOT_SHIPPED = {
  'onnxruntime-web': 'browser-only backend of @huggingface/transformers',
  // ws (bundled: the environment service) tries these native speed-ups in a try/catch and
  // falls back to its own JavaScript when they are absent, as they are here.
  bufferutil: 'optional native speed-up of ws (bundled), which falls back without it',
  'utf-8-validate': 'optional native speed-up of ws (bundled), which falls back without it',
};

/** Every package directory the runtime packages need on `target`, with what was left out. */
export function runtimeClosure(names, target) {
  const t = TARGETS[target];
  const dirs = new Set();
  const missing = [];
  const queue = names.map((n) => ({ name: n, from: root, optional: false, by: 'dist' }));
  while (queue.length) {
    const { name, from, optional, by } = queue.shift();
    if (Object.hasOwn(NOT_SHIPPED, name)) continue;
    const dir = resolvePackageDir(name, from);
    if (!dir) {
      if (!optional) missing.push(`${name} (needed by ${by})`);
      continue;
    }
    if (dirs.has(dir)) continue;
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (!matchesTarget(pkg, t)) continue;
    dirs.add(dir);
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: dir, optional: false, by: name });
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) queue.push({ name: dep, from: dir, optional: true, by: name });
  }
  // An optional platform package for the target that is not installed (building for another
  // platform than this machine) would silently break the extension there.
  for (const dir of dirs) {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
      if (resolvePackageDir(dep, dir)) continue;
      const meta = guessPlatform(dep);
      if (meta && matchesTarget(meta, t)) missing.push(`${dep} (the ${target} binary of ${pkg.name}; install it with npm install --os=${t.os} --cpu=${t.cpu})`);
    }
  }
  return { dirs: [...dirs].sort(), missing };
}

/** Platform of an uninstalled optional package, from its conventional name (e.g. @img/sharp-linux-x64). */
function guessPlatform(name) {
  const m = /-(linux|darwin|win32)-(x64|arm64|arm|ia32)(?:-(gnu|musl|msvc))?$/.exec(name) ?? /(linux|darwin|win32)-(x64|arm64)$/.exec(name);
  if (!m) return null;
  const libc = m[3] === 'musl' ? 'musl' : m[3] === 'gnu' ? 'glibc' : undefined;
  return { os: [m[1]], cpu: [m[2]], ...(libc ? { libc: [libc] } : {}) };
}

/** Per-package pruning of binaries for other platforms shipped inside one package. */
const PRUNE = {
  // The Node bundles load dist/transformers.node.cjs; the browser builds, sources and typings stay out.
  '@huggingface/transformers': (dir) => {
    fs.rmSync(path.join(dir, 'src'), { recursive: true, force: true });
    fs.rmSync(path.join(dir, 'types'), { recursive: true, force: true });
    const dist = path.join(dir, 'dist');
    if (!fs.existsSync(dist)) return;
    for (const f of fs.readdirSync(dist)) if (!/^transformers\.node\.(c|m)js$/.test(f)) fs.rmSync(path.join(dist, f), { recursive: true, force: true });
  },
  // bin/napi-v6/<os>/<cpu>/…
  'onnxruntime-node': (dir, t) => {
    const bin = path.join(dir, 'bin');
    if (!fs.existsSync(bin)) return;
    for (const napi of fs.readdirSync(bin)) {
      for (const os of fs.readdirSync(path.join(bin, napi))) {
        const osDir = path.join(bin, napi, os);
        if (os !== t.os) { fs.rmSync(osDir, { recursive: true, force: true }); continue; }
        for (const cpu of fs.readdirSync(osDir)) if (cpu !== t.cpu) fs.rmSync(path.join(osDir, cpu), { recursive: true, force: true });
      }
    }
  },
};

/** Removes binaries for other platforms that `name` ships inside its own folder at `dir`. */
export function pruneForeignBinaries(name, dir, target) {
  PRUNE[name]?.(dir, TARGETS[target]);
}

function dirSize(dir) {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    total += e.isDirectory() ? dirSize(full) : fs.statSync(full).size;
  }
  return total;
}

export async function packageVsix({ target = 'linux-x64', out, build = true } = {}) {
  if (!TARGETS[target]) throw new Error(`unknown --target '${target}' (one of ${Object.keys(TARGETS).join(', ')})`);
  if (build) {
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the build failed');
  }
  const { listFiles, createVSIX, PackageManager } = await import('@vscode/vsce');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const staging = path.join(root, '.studio', 'package', target);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });

  // 1. The extension's own files, as .vscodeignore selects them.
  const files = await listFiles({ cwd: root, packageManager: PackageManager.None });
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(staging, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(staging, f));
  }
  // vsce would otherwise run these (and they need the sources).
  const staged = { ...manifest };
  delete staged.devDependencies;
  delete staged.scripts;
  fs.writeFileSync(path.join(staging, 'package.json'), JSON.stringify(staged, null, 2));
  fs.writeFileSync(path.join(staging, '.vscodeignore'), '# The files here were already selected by scripts/package.mjs from the project\'s .vscodeignore.\n');

  // 2. The native packages the bundles load, for the target platform only.
  const names = runtimeRequires(path.join(staging, 'dist'));
  const { dirs, missing } = runtimeClosure(names, target);
  if (missing.length) throw new Error(`cannot package for ${target}; missing:\n  ${missing.join('\n  ')}`);
  const modules = path.join(staging, 'dist', 'node_modules');
  for (const dir of dirs) {
    const rel = path.relative(path.join(root, 'node_modules'), dir);
    const dest = path.join(modules, rel);
    fs.cpSync(dir, dest, { recursive: true, filter: (src) => path.relative(dir, src).split(path.sep)[0] !== 'node_modules' });
    const name = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name;
    pruneForeignBinaries(name, dest, target);
  }
  log(`runtime packages (${names.join(', ') || 'none'}) with ${dirs.length} package folders: ${fs.existsSync(modules) ? mib(dirSize(modules)) : '0 MiB'} unpacked`);

  // 3. The .vsix.
  const packagePath = path.resolve(root, out ?? `${manifest.name}-${target}-${manifest.version}.vsix`);
  await createVSIX({
    cwd: staging, packagePath, target, dependencies: false,
    allowMissingRepository: true, rewriteRelativeLinks: false, skipLicense: !fs.existsSync(path.join(root, 'LICENSE')),
  });
  const size = fs.statSync(packagePath).size;
  log(`${path.relative(root, packagePath)}: ${mib(size)} (${target})`);
  return { packagePath, size, target };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { target: { type: 'string', default: 'linux-x64' }, out: { type: 'string' }, 'no-build': { type: 'boolean', default: false } } });
  packageVsix({ target: values.target, out: values.out, build: !values['no-build'] }).catch((err) => {
    console.error(`[package] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
