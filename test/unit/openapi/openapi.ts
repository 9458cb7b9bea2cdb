// Sentry's published OpenAPI excerpt as an oracle: response schemas and query/path parameters of each
// operation, compiled with ajv. The document is OpenAPI 3.0.3; ajv speaks JSON Schema, and the only
// construct in between is `nullable`, translated in `toJsonSchema` and nowhere else.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Sentry's OpenAPI excerpt and its example payloads, copied unchanged (test/fixtures/README.md). */
export const FIXTURES_DIR = path.resolve(__dirname, '../../fixtures');
export const OPENAPI_PATH = path.join(FIXTURES_DIR, 'openapi', 'sentry-openapi-subset.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaObject = { [key: string]: Json };

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: SchemaObject;
}

export interface Operation {
  method: string;
  /** The document's path template, e.g. `/api/0/organizations/{organization_id_or_slug}/projects/`. */
  template: string;
  /** `GET /api/0/...` plus the operationId (or summary): what failure messages name. */
  label: string;
  parameters: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: SchemaObject }> }>;
  /** The JSON request body schema (PUT/POST), when the document gives one. */
  requestBody?: SchemaObject;
  matcher: RegExp;
  pathParamNames: string[];
}

/**
 * OpenAPI 3.0.3 Schema Object -> JSON Schema (draft-07) for ajv. 3.0.3 says `nullable: true` "adds
 * null to the allowed types specified by the type keyword, only if type is explicitly defined within
 * the same Schema Object"; an `enum` is untouched (the document lists `null` in it where allowed).
 * Walks schema positions only, so a property that happens to be called `nullable` or `type` is data.
 */
export function toJsonSchema(schema: SchemaObject): SchemaObject {
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if ((key === 'properties' || key === 'patternProperties') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v as SchemaObject)]));
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isObject(value)) {
      out[key] = toJsonSchema(value);
    } else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = value.map((v) => toJsonSchema(v as SchemaObject));
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable === true && typeof schema.type === 'string') out.type = [schema.type, 'null'];
  return out;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Strict mode stays on: an unknown keyword in the document is an error, not silently ignored.
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);

const compiled = new Map<string, ValidateFunction>();
function compile(key: string, schema: SchemaObject): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    v = ajv.compile(toJsonSchema(schema));
    compiled.set(key, v);
  }
  return v;
}

type Document = {
  paths: Record<
    string,
    Record<string, { operationId?: string; summary?: string; parameters?: Parameter[]; responses?: Operation['responses']; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>
  >;
};

let cachedOperations: Operation[] | undefined;

/**
 * The document's operations, read on first use (inside a test, so a missing document fails the
 * contract suites, not the loading of every suite).
 */
export function operations(): Operation[] {
  cachedOperations ??= readOperations(JSON.parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as Document);
  return cachedOperations;
}

/** A path template as a regular expression: each `{name}` is one path segment, captured. */
export function templateMatcher(template: string): RegExp {
  const source = template
    .split(/\{[^}]+\}/)
    .map((piece) => piece.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
    .join('([^/]+)');
  return new RegExp(`^${source}$`);
}

function readOperations(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        label: `${method.toUpperCase()} ${template} (${op.operationId ?? op.summary ?? 'no operationId'})`,
        parameters: op.parameters ?? [],
        responses: op.responses ?? {},
        requestBody: op.requestBody?.content?.['application/json']?.schema,
        matcher: templateMatcher(template),
        pathParamNames: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
      })),
  );
}

/** The document's operation for a concrete method and path, or undefined when it does not describe it. */
export function operationFor(method: string, concretePath: string): Operation | undefined {
  return operations().find((o) => o.method === method.toUpperCase() && o.matcher.test(concretePath));
}

export function operation(method: string, template: string): Operation {
  const op = operations().find((o) => o.method === method.toUpperCase() && o.template === template);
  if (!op) throw new Error(`the OpenAPI document has no ${method} ${template}`);
  return op;
}

export function formatErrors(errors: ErrorObject[] | null | undefined, max = 8): string {
  const list = (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
  return list.slice(0, max).join('; ') + (list.length > max ? `; … ${list.length - max} more` : '');
}

/** The JSON response schema the document gives for this status, or undefined when it gives none. */
export function responseSchema(op: Operation, status: number): SchemaObject | undefined {
  return op.responses[String(status)]?.content?.['application/json']?.schema;
}

/** Changes to a response schema that an allowance makes (each cited in allowances.ts). */
export interface ResponsePatch {
  /** Top-level properties that may also be null. */
  nullable?: readonly string[];
  /** Top-level properties that may be left out. */
  notRequired?: readonly string[];
}

function patchSchema(schema: SchemaObject, patch: ResponsePatch): SchemaObject {
  const props = isObject(schema.properties) ? { ...schema.properties } : {};
  for (const name of patch.nullable ?? []) if (isObject(props[name])) props[name] = { ...props[name], nullable: true };
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => !(patch.notRequired ?? []).includes(r as string)) : schema.required;
  return { ...schema, properties: props, ...(required === undefined ? {} : { required }) };
}

/** Problems of one response body against the document: [] when it validates. */
export function checkResponse(op: Operation, status: number, body: unknown, patch?: ResponsePatch): string[] {
  const raw = responseSchema(op, status);
  if (!raw) return [];
  const schema = patch ? patchSchema(raw, patch) : raw;
  const validate = compile(`${op.label} ${status}${patch ? ' patched' : ''}`, schema);
  return validate(body) ? [] : [`${op.label} → ${status}: ${formatErrors(validate.errors)}`];
}

/**
 * A query string value as the document's parameter schema types it. OpenAPI's default query style
 * is `form` with `explode: true`: an array is the parameter repeated, a scalar appears once.
 * Booleans are `true`/`false`, integers decimal digits; anything else stays a string and fails.
 */
function decode(schema: SchemaObject, raw: string): Json {
  const type = schema.type;
  if (type === 'integer') return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

export interface RequestLike {
  method: string;
  path: string;
  query: Array<[string, string]>;
}

/**
 * Problems of one request against the operation's parameters: unknown query names (unless
 * `allowedExtra` lets that name through for this operation), a scalar parameter repeated, missing
 * required parameters, and every value against its schema (enums, patterns, formats) unless
 * `pathValues` lets that path value through.
 */
export function checkRequest(
  op: Operation,
  req: RequestLike,
  allowance: { extraQuery?: readonly string[]; scalarRepeated?: readonly string[]; booleanAsDigit?: readonly string[]; pathValues?: Readonly<Record<string, RegExp>> } = {},
): string[] {
  const problems: string[] = [];
  const where = `${op.label}: request ${req.method} ${req.path}?${new URLSearchParams(req.query).toString()}`;
  const params = new Map(op.parameters.map((p) => [`${p.in}:${p.name}`, p]));

  const m = op.matcher.exec(req.path);
  if (!m) return [`${where}: the path does not match the template`];
  op.pathParamNames.forEach((name, i) => {
    const p = params.get(`path:${name}`);
    if (!p) {
      problems.push(`${where}: path parameter {${name}} is not described`);
      return;
    }
    let value: string;
    try {
      value = decodeURIComponent(m[i + 1]);
    } catch {
      problems.push(`${where}: path parameter ${name} is not valid percent-encoding`);
      return;
    }
    if (allowance.pathValues?.[name]?.test(value)) return;
    const v = compile(`${op.label} path:${name}`, p.schema);
    if (!v(decode(p.schema, value))) problems.push(`${where}: path parameter ${name}=${JSON.stringify(value)}: ${formatErrors(v.errors)}`);
  });

  const byName = new Map<string, string[]>();
  for (const [k, v] of req.query) byName.set(k, [...(byName.get(k) ?? []), v]);
  for (const [name, values] of byName) {
    const p = params.get(`query:${name}`);
    if (!p) {
      if (!allowance.extraQuery?.includes(name)) problems.push(`${where}: query parameter "${name}" is not a parameter of this operation`);
      continue;
    }
    const isArray = p.schema.type === 'array';
    if (!isArray && values.length > 1 && !allowance.scalarRepeated?.includes(name)) {
      problems.push(`${where}: query parameter "${name}" is not an array but was sent ${values.length} times`);
    }
    const v = compile(`${op.label} query:${name}`, p.schema);
    const items = isArray && isObject(p.schema.items) ? (p.schema.items as SchemaObject) : p.schema;
    const decoded = values.map((raw) => (p.schema.type === 'boolean' && allowance.booleanAsDigit?.includes(name) && (raw === '1' || raw === '0') ? raw === '1' : decode(items, raw)));
    const candidates: Json[] = isArray ? [decoded] : decoded;
    for (const value of candidates) {
      if (!v(value)) problems.push(`${where}: query parameter ${name}=${JSON.stringify(value)}: ${formatErrors(v.errors)}`);
    }
  }
  for (const p of op.parameters) {
    if (p.required && p.in === 'query' && !byName.has(p.name)) problems.push(`${where}: required query parameter "${p.name}" is missing`);
  }
  return problems;
}

/** A status the document does not list for the operation, unless allowed: one problem. */
export function checkStatus(op: Operation, status: number, extraStatuses: readonly number[] = []): string[] {
  if (String(status) in op.responses || extraStatuses.includes(status)) return [];
  return [`${op.label} → ${status}: the document lists only ${Object.keys(op.responses).join(', ')} for this operation`];
}

/**
 * Problems of one JSON request body against the operation's request body schema. The triage PUTs'
 * schema lists every field as required (a generator artifact): their description says "Only the
 * attributes submitted are modified", so `partial` drops `required` at the root and in `statusDetails`.
 */
export function checkRequestBody(op: Operation, body: unknown, opts: { partial?: boolean } = {}): string[] {
  if (!op.requestBody) return [`${op.label}: the document gives no JSON request body`];
  let schema = op.requestBody;
  if (opts.partial) {
    const props = isObject(schema.properties) ? { ...schema.properties } : {};
    const details = props.statusDetails;
    if (isObject(details)) {
      const allOf = Array.isArray(details.allOf) ? details.allOf.map((s) => (isObject(s) ? withoutRequired(s) : s)) : undefined;
      props.statusDetails = allOf ? { ...details, allOf } : withoutRequired(details);
    }
    schema = { ...withoutRequired(schema), properties: props };
  }
  const validate = compile(`${op.label} request body${opts.partial ? ' partial' : ''}`, schema);
  return validate(body) ? [] : [`${op.label} request body ${JSON.stringify(body).slice(0, 200)}: ${formatErrors(validate.errors)}`];
}

function withoutRequired(schema: { [key: string]: Json }): SchemaObject {
  const { required: _required, ...rest } = schema;
  return rest;
}
