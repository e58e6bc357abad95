// The expressions declared apps' bindings are written in: the task language's CEL (the one
// copy, src/task/cel.ts; the layer table lets the mock phone import that file alone).
import { celReferences, compileCel, fromCelValue } from '../../../task/cel';
import type { Expressions } from './bindings';

export const CEL_EXPRESSIONS: Expressions = { compile: compileCel, plain: fromCelValue, roots: (source) => celReferences(source).map((r) => r.root) };
