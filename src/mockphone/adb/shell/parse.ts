// Groups tokens into a script: and-or lists of pipelines of simple commands with their
// redirections — the subset of sh grammar that adb callers send.
import { ShellSyntaxError, tokenize, type Operator, type WordPart } from './tokenize';

export type Word = WordPart[];

export interface Redirect {
  fd: 1 | 2;
  /** 'file' writes to `target`; 'dup' sends fd to the other stream (2>&1, >&2). */
  kind: 'file' | 'append' | 'dup' | 'input';
  target?: Word;
}

export interface SimpleCommand {
  words: Word[];
  redirects: Redirect[];
}

export interface ListItem {
  pipeline: SimpleCommand[];
  /** How this item connects to the previous one. */
  connector: ';' | '&&' | '||';
}

export function parseScript(src: string): ListItem[] {
  const tokens = tokenize(src);
  const items: ListItem[] = [];
  let connector: ListItem['connector'] = ';';
  let pipeline: SimpleCommand[] = [];
  let cmd: SimpleCommand = { words: [], redirects: [] };

  const endCommand = (op: string): void => {
    if (cmd.words.length === 0) {
      if (cmd.redirects.length) throw new ShellSyntaxError(`missing command before '${op}'`);
      if (op === '|' || pipeline.length) throw new ShellSyntaxError(`syntax error: '${op}' unexpected`);
      return;
    }
    pipeline.push(cmd);
    cmd = { words: [], redirects: [] };
  };
  const endPipeline = (op: string): boolean => {
    endCommand(op);
    if (pipeline.length === 0) return false;
    items.push({ pipeline, connector });
    pipeline = [];
    return true;
  };

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === 'word') { cmd.words.push(t.parts); continue; }
    const op: Operator = t.op;
    switch (op) {
      case '|': endCommand(op); if (pipeline.length === 0) throw new ShellSyntaxError("syntax error: '|' unexpected"); break;
      case ';': case '&': endPipeline(op); connector = ';'; break;
      case '&&': case '||':
        if (!endPipeline(op)) throw new ShellSyntaxError(`syntax error: '${op}' unexpected`);
        connector = op;
        break;
      case '2>&1': cmd.redirects.push({ fd: 2, kind: 'dup' }); break;
      case '>&2': cmd.redirects.push({ fd: 1, kind: 'dup' }); break;
      default: {
        const next = tokens[++k];
        if (!next || next.kind !== 'word') throw new ShellSyntaxError(`syntax error: missing file name after '${op}'`);
        const fd = op.startsWith('2') ? 2 : 1;
        const kind = op === '<' ? 'input' : op.endsWith('>>') ? 'append' : 'file';
        cmd.redirects.push({ fd, kind, target: next.parts });
      }
    }
  }
  if (!endPipeline('end') && (connector === '&&' || connector === '||')) {
    throw new ShellSyntaxError(`syntax error: unexpected end of file after '${connector}'`);
  }
  return items;
}
