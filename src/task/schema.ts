// The task file's JSON Schema (schemas/task.schema.json) is the single source for key names,
// types and docs: the validator, completion and hover all read it.
import schemaJson from '../../schemas/task.schema.json';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minProperties?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  definitions?: Record<string, JsonSchema>;
}

export const TASK_SCHEMA = schemaJson as unknown as JsonSchema;

export function resolveRef(schema: JsonSchema, root: JsonSchema = TASK_SCHEMA): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) {
    const name = s.$ref.replace('#/definitions/', '');
    const target = root.definitions?.[name];
    if (!target) throw new Error(`schema: unknown $ref ${s.$ref}`);
    // Sibling keywords (e.g. a description beside a $ref) win over the target's.
    const { $ref: _ignored, ...rest } = s;
    s = { ...target, ...rest, description: rest.description ?? target.description };
  }
  return s;
}

export function definition(name: string): JsonSchema {
  const d = TASK_SCHEMA.definitions?.[name];
  if (!d) throw new Error(`schema: no definition ${name}`);
  return d;
}
