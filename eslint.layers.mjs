// The layer table of docs/architecture.md as lint rules (ESLint's own no-restricted-imports for
// static imports, no-restricted-syntax for `import('…')` and `require('…')`, which the former
// does not see): each folder under src/ may import only the layers listed for it, and only
// src/extension may import `vscode`. Folders that do not exist yet (src/debug, …) are covered already.
// Tests and test kits compose freely (any layer but src/extension), never with vscode.

/** layer → the other layers its production code may import. */
export const LAYERS = {
  protocol: [],
  device: ['protocol'],
  mockphone: ['device', 'protocol'],
  'webview-protocol': ['device', 'protocol'],
  trajectory: ['protocol'],
  model: ['protocol'],
  task: ['device', 'protocol'],
  agent: ['device', 'protocol', 'task', 'model', 'trajectory'],
  debug: ['agent', 'task', 'device', 'protocol', 'trajectory'],
  panel: ['agent', 'device', 'protocol', 'webview-protocol'],
  env: ['agent', 'device', 'mockphone', 'model', 'protocol', 'studio', 'task'],
  report: ['agent', 'protocol', 'trajectory', 'webview-protocol'],
  studio: ['agent', 'debug', 'device', 'mockphone', 'model', 'panel', 'protocol', 'task', 'trajectory'],
  cli: ['agent', 'debug', 'device', 'env', 'mockphone', 'model', 'panel', 'protocol', 'report', 'studio', 'task', 'trajectory', 'webview-protocol'],
  extension: null, // everything, and vscode
};

/**
 * Single files of an otherwise forbidden layer that a layer may import: the mock phone's
 * declared apps (src/mockphone/apps/modules/) evaluate their bindings with the task language's
 * CEL (src/task/cel.ts imports nothing of the project), not a second copy of it.
 */
export const LAYER_FILES = { mockphone: { task: ['cel'] } };

const NAMES = Object.keys(LAYERS);
const esc = (s) => s.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');

/**
 * The same bans for `import('…')` and `require('…')` with a string literal: esquery selectors.
 * An esquery regex cannot hold a `/`, so the path separator is written `\x2F`.
 */
function dynamicBans(regex, name, message) {
  const value = regex ? `/${regex.replaceAll('/', '\\x2F')}/` : `'${name}'`;
  return [
    { selector: `ImportExpression[source.value=${value}]`, message },
    { selector: `CallExpression[callee.type='Identifier'][callee.name='require'][arguments.0.value=${value}]`, message },
  ];
}

/** A forbidden layer's name as a regex, less the files LAYER_FILES lets `layer` import. */
function exceptFiles(layer, name, forTests) {
  const files = forTests ? undefined : LAYER_FILES[layer]?.[name];
  return files ? `${esc(name)}(?!/(${files.map(esc).join('|')})$)` : esc(name);
}

function rule(layer, depth, forTests) {
  const allowed = LAYERS[layer] ?? NAMES;
  const forbidden = forTests ? (layer === 'extension' ? [] : ['extension']) : NAMES.filter((n) => n !== layer && !allowed.includes(n));
  const patterns = forbidden.length
    ? [{ regex: `^(\\.\\./){${depth + 1}}(${forbidden.map((n) => exceptFiles(layer, n, forTests)).join('|')})(/|$)`, message: `src/${layer} may import only ${allowed.length ? allowed.join(', ') : 'nothing of the project'}${forTests ? ' (tests: any layer but extension)' : ''} — the layer table in docs/architecture.md` }]
    : [];
  const paths = layer === 'extension' ? [] : [{ name: 'vscode', message: 'only src/extension imports vscode' }];
  const syntax = [
    ...patterns.flatMap((p) => dynamicBans(p.regex, undefined, p.message)),
    ...paths.flatMap((p) => dynamicBans(undefined, p.name, p.message)),
  ];
  return {
    'no-restricted-imports': ['error', { paths, patterns }],
    ...(syntax.length ? { 'no-restricted-syntax': ['error', ...syntax] } : {}),
  };
}

/**
 * One config block per layer and folder depth (a cross-layer import climbs exactly to src/),
 * then a block for that depth's tests and test kits.
 */
export function layerRules() {
  const out = [];
  for (const layer of NAMES) {
    for (let depth = 0; depth <= 5; depth++) {
      const dirs = '*/'.repeat(depth);
      out.push({ files: [`src/${layer}/${dirs}*.{ts,mts,mjs}`], rules: rule(layer, depth, false) });
      const tests = [`src/${layer}/${dirs}*.test.ts`, `src/${layer}/${dirs}testing.ts`];
      if (depth > 0) tests.push(`src/${layer}/${'*/'.repeat(depth - 1)}testing/*.{ts,mts,mjs}`);
      out.push({ files: tests, rules: rule(layer, depth, true) });
    }
  }
  out.push({
    files: ['webview/**/*.{ts,mts,mjs}'],
    ignores: ['webview/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', {
      paths: [{ name: 'vscode', message: 'webviews talk to the host through the typed protocol only' }],
      patterns: [{ regex: '^node:', message: 'webviews run in the browser: no Node APIs' }, { regex: '/src/(?!webview-protocol/|protocol/)', message: 'webviews import only src/webview-protocol and src/protocol' }],
    }] },
  });
  return out;
}
