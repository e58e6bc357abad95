// The reference runner's lenient_json_loads: strict JSON first, then the outermost braces,
// smart quotes → ASCII, trailing commas removed, and single → double quotes when the text
// has no double quotes at all. Returns undefined instead of throwing.

function tryParse(s: string): { value: unknown; text: string } | undefined {
  try {
    return { value: JSON.parse(s), text: s };
  } catch {
    // Python's json.loads also accepts NaN / Infinity literals; models rarely emit them.
    return undefined;
  }
}

/** The parsed value and the (repaired) text that parsed. */
export function lenientJsonParse(text: string): { value: unknown; text: string } | undefined {
  let s = text.trim();
  const direct = tryParse(s);
  if (direct) return direct;
  const start = s.indexOf('{');
  const end = s.lastIndexOf('}');
  if (start !== -1 && end !== -1 && end > start) s = s.slice(start, end + 1);
  s = s.replace(/[\u201c\u201d]/g, '"').replace(/[\u2018\u2019]/g, "'");
  const unquoted = tryParse(s);
  if (unquoted) return unquoted;
  const noTrailing = s.replace(/,\s*([}\]])/g, '$1');
  const trimmed = tryParse(noTrailing);
  if (trimmed) return trimmed;
  if (!noTrailing.includes('"')) return tryParse(noTrailing.replace(/'/g, '"'));
  return undefined;
}
