// Regular expressions from task files (answer/shell `regex`, param `pattern`) run on RE2
// (re2js): matching is linear in the input, so a backtracking pattern such as `^(a+)+$`
// cannot hang `check` or `run`. RE2 has no lookaround or backreferences; such a pattern is
// a clear error instead of a silent difference from JavaScript's engine.
import { RE2JS } from 're2js';

export interface TaskRegex {
  source: string;
  test(text: string): boolean;
}

export interface RegexOptions {
  ignoreCase?: boolean;
  /** `^`/`$` match at line breaks (shell output). */
  multiline?: boolean;
}

const cache = new Map<string, TaskRegex>();
const MAX_CACHED = 500;

/** Compiles `source` with RE2; throws an Error whose message says what is wrong, in RE2's words. */
export function compileRegex(source: string, options: RegexOptions = {}): TaskRegex {
  const key = `${options.ignoreCase ? 'i' : ''}${options.multiline ? 'm' : ''}/${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let flags = 0;
  if (options.ignoreCase) flags |= RE2JS.CASE_INSENSITIVE;
  if (options.multiline) flags |= RE2JS.MULTILINE;
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(source, flags);
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).replace(/^error parsing regexp: /, '');
    throw new Error(/Perl syntax|lookahead|lookbehind|\\[1-9]/.test(why) ? `${why} (regexes run on RE2: no lookaround or backreferences)` : why);
  }
  const compiled: TaskRegex = { source, test: (text) => pattern.matcher(text).find() };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, compiled);
  return compiled;
}

/** The error message for an invalid regex, or undefined when it compiles. */
export function regexError(source: string): string | undefined {
  try {
    compileRegex(source);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
