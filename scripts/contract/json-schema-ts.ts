/**
 * Prints a TypeScript type from the JSON Schema (draft 2020-12) that zod 4's `z.toJSONSchema`
 * writes. Only the subset zod emits is understood: types (single or a list), enum, const,
 * anyOf/oneOf/allOf, objects (properties, required, additionalProperties), arrays (items,
 * prefixItems) and `$ref`s into `$defs`. Anything else (formats, bounds, patterns) constrains
 * values, not the type, and is left out; an empty schema is `unknown`.
 *
 * `$ref`s are resolved by the caller (`ref`), which decides whether a definition is printed as a
 * named type or points at an engine schema by a type-only import.
 */

export type JsonSchema = { [key: string]: unknown } | boolean;

export interface PrintOptions {
  /** The TypeScript type for `$ref` (e.g. `#/$defs/Job`). */
  ref: (ref: string) => string;
  /** Indentation of the line the type starts on. */
  indent?: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return JSON.stringify(value);
  }
  // zod never writes object or array constants; unknown keeps the type honest if it did.
  return 'unknown';
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes('unknown')) return 'unknown';
  const kept = unique.filter((part) => part !== 'never');
  if (kept.length === 0) return 'never';
  // `&` binds tighter than `|`, so members never need parentheses.
  return kept.join(' | ');
}

/** Parenthesises a compound type where `&` or `[]` would otherwise bind into it. */
function wrap(type: string): string {
  return type.includes(' | ') || type.includes(' & ') ? `(${type})` : type;
}

function asObject(schema: JsonSchema): { [key: string]: unknown } {
  if (typeof schema === 'boolean') return schema ? {} : { not: {} };
  return schema;
}

/** A JSDoc line for a property, when the schema has a description. */
function doc(schema: unknown, indent: string): string {
  if (!schema || typeof schema !== 'object') return '';
  const { description } = schema as { description?: unknown };
  if (typeof description !== 'string' || description.trim() === '') return '';
  const text = description
    .trim()
    .replace(/\*\//g, '*\\/')
    .replace(/\s*\n\s*/g, ' ');
  return `${indent}/** ${text} */\n`;
}

export function printType(schema: JsonSchema, options: PrintOptions): string {
  const indent = options.indent ?? '';
  const node = asObject(schema);
  const nested = (child: unknown, more = ''): string =>
    printType(child as JsonSchema, { ...options, indent: indent + more });

  if (typeof node.$ref === 'string') return options.ref(node.$ref);
  if ('const' in node) return literal(node.const);
  if (Array.isArray(node.enum)) return union(node.enum.map(literal));
  if (Array.isArray(node.anyOf)) return union(node.anyOf.map((option) => nested(option)));
  if (Array.isArray(node.oneOf)) return union(node.oneOf.map((option) => nested(option)));
  if (Array.isArray(node.allOf)) {
    const parts = node.allOf.map((part) => nested(part));
    return parts.length === 1 ? parts[0]! : parts.map(wrap).join(' & ');
  }
  if (node.not !== undefined && Object.keys(node).length === 1) return 'never';

  const type = node.type;
  if (Array.isArray(type)) {
    return union(type.map((one) => printType({ ...node, type: one }, options)));
  }
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return printArray(node, nested);
    case 'object':
      return printObject(node, indent, nested);
    default:
      return 'unknown';
  }
}

function printArray(
  node: { [key: string]: unknown },
  nested: (child: unknown, more?: string) => string,
): string {
  if (Array.isArray(node.prefixItems)) {
    const items = node.prefixItems.map((item) => nested(item));
    const rest =
      node.items === undefined || node.items === false ? '' : `...${nested(node.items)}[]`;
    return `[${[...items, ...(rest ? [rest] : [])].join(', ')}]`;
  }
  if (node.items === undefined) return 'unknown[]';
  return `${wrap(nested(node.items))}[]`;
}

function printObject(
  node: { [key: string]: unknown },
  indent: string,
  nested: (child: unknown, more?: string) => string,
): string {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const extra = node.additionalProperties;
  const names = Object.keys(properties);
  const inner = `${indent}  `;
  if (names.length === 0) {
    if (extra === false) return 'Record<string, never>';
    if (extra === undefined || extra === true) return 'Record<string, unknown>';
    return `Record<string, ${nested(extra)}>`;
  }
  const lines = names.map((name) => {
    const optional = required.has(name) ? '' : '?';
    const property = properties[name];
    return `${doc(property, inner)}${inner}${propertyKey(name)}${optional}: ${nested(property, '  ')};`;
  });
  // A catch-all beside named properties: `unknown`, since TypeScript requires every named
  // property to fit the index signature.
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}
