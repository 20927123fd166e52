/**
 * Renders the OpenAPI document as one readable HTML page: no script at all (a strict CSP with no
 * inline script is coming) and no external resource; the stylesheet is served beside it.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
};

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
  'x-socketio-events'?: Record<string, JsonSchema>;
}

const escape = (text: unknown): string => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'No Content' };

/** A one-line type: `string`, `integer ≥ 1`, `"a" | "b"`, `Post[]`... */
function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `${typeLabel(schema.items)}[]`;
  const bounds: string[] = [];
  if (schema.format) bounds.push(schema.format);
  if (schema.minimum !== undefined) bounds.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    bounds.push(`≤ ${schema.maximum}`);
  if (schema.minLength) bounds.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) bounds.push(`length ≤ ${schema.maxLength}`);
  if (schema.maxItems !== undefined) bounds.push(`≤ ${schema.maxItems} items`);
  return bounds.length > 0 ? `${type} (${bounds.join(', ')})` : type;
}

/** The object nested in a schema (through arrays, nullables and unions), if any. */
function objectsIn(schema: JsonSchema): JsonSchema[] {
  if (schema.properties) return [schema];
  if (schema.items) return objectsIn(schema.items);
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(objectsIn);
}

function renderSchema(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return '<p class="muted">No content.</p>';
  const objects = objectsIn(schema);
  if (objects.length === 0 || depth > 8) return `<code>${escape(typeLabel(schema))}</code>`;
  return objects
    .map((object) => {
      const required = new Set(object.required ?? []);
      const rows = Object.entries(object.properties ?? {}).map(([name, child]) => {
        const nested = objectsIn(child).length > 0 ? renderSchema(child, depth + 1) : '';
        const note = child.description ? `<div class="muted">${escape(child.description)}</div>` : '';
        const fallback =
          child.default !== undefined
            ? ` <span class="muted">default ${escape(JSON.stringify(child.default))}</span>`
            : '';
        return `<li><code class="field">${escape(name)}</code>${required.has(name) ? '' : '<span class="opt">optional</span>'} <code class="type">${escape(typeLabel(child))}</code>${fallback}${note}${nested}</li>`;
      });
      return `<ul class="schema">${rows.join('')}</ul>`;
    })
    .join('<p class="muted">or</p>');
}

function renderOperation(path: string, method: string, op: Operation): string {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  const auth = (op.security ?? []).some((s) => Object.keys(s).length === 0)
    ? 'Bearer token optional'
    : (op.security ?? []).length > 0
      ? 'Bearer token required'
      : 'No token';
  const params = (op.parameters ?? []).map(
    (p) =>
      `<li><code class="field">${escape(p.name)}</code> <span class="muted">${escape(p.in)}</span>${p.required ? '' : '<span class="opt">optional</span>'} <code class="type">${escape(typeLabel(p.schema ?? {}))}</code>${p.schema?.default !== undefined ? ` <span class="muted">default ${escape(JSON.stringify(p.schema.default))}</span>` : ''}</li>`,
  );
  const body = op.requestBody?.content?.['application/json']?.schema;
  const answers = Object.entries(op.responses ?? {});
  const successes = answers
    .filter(([status]) => status.startsWith('2'))
    .map(([status, answer]) => {
      const schema = answer.content?.['application/json']?.schema;
      return `<h4><span class="status s2">${escape(status)}</span> ${escape(STATUS_TEXT[status] ?? '')}</h4>${renderSchema(schema)}`;
    });
  const failures = answers
    .filter(([status]) => !status.startsWith('2'))
    .map(([status]) => status.toUpperCase());
  const errors =
    failures.length > 0
      ? `<p class="muted"><span class="status s4">${escape(failures.join(', '))}</span> <code>{ message, code }</code>: see the error codes in docs/API.md</p>`
      : '';
  return `<section class="op" id="${escape(id)}">
<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
${op.summary ? `<p>${escape(op.summary)}</p>` : ''}${op.description ? `<p class="muted">${escape(op.description)}</p>` : ''}
<p class="auth">${auth}</p>
${params.length > 0 ? `<h4>Parameters</h4><ul class="schema">${params.join('')}</ul>` : ''}
${body ? `<h4>Body (application/json)</h4>${renderSchema(body)}` : ''}
<h4>Answers</h4>${successes.join('')}${errors}
</section>`;
}

export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'api';
      const list = byTag.get(tag) ?? [];
      list.push(renderOperation(path, method, op));
      byTag.set(tag, list);
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
      toc.push(
        `<li><a href="#${escape(id)}"><span class="method ${method}">${method.toUpperCase()}</span> ${escape(path)}</a></li>`,
      );
    }
  }
  const sections = [...byTag].map(
    ([tag, ops]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ops.join('')}`,
  );
  const events = Object.entries(doc['x-socketio-events'] ?? {}).map(
    ([name, schema]) =>
      `<section class="op"><h3><code>${escape(name)}</code></h3>${renderSchema(schema)}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title><link rel="stylesheet" href="/api/docs/docs.css"></head>
<body><header><h1>${escape(doc.info.title)} <span class="muted">${escape(doc.info.version)}</span></h1>
<p>${escape(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Operations"><ul>${toc.join('')}</ul></nav>
<main>${sections.join('')}
<h2 id="socket">Socket.IO server events</h2>${events.join('')}</main></body></html>`;
}

export const API_DOCS_CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --bg: #fff; --line: #d9dde5; --code: #f3f5f8; }
@media (prefers-color-scheme: dark) { :root { --fg: #e7eaf0; --muted: #a3abba; --bg: #14171d; --line: #2c323d; --code: #1e232b; } }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header, main, nav { max-width: 960px; margin: 0 auto; padding: 0 16px; }
h1 { margin-top: 32px; } h2 { border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 40px; text-transform: capitalize; }
code { background: var(--code); padding: 1px 4px; border-radius: 4px; font-size: 13px; }
nav ul { columns: 2 280px; list-style: none; padding: 0; } nav a { color: inherit; text-decoration: none; font-size: 13px; }
a { color: #2f6fde; }
.op { border: 1px solid var(--line); border-radius: 8px; padding: 8px 16px 16px; margin: 16px 0; }
.method { display: inline-block; min-width: 56px; text-align: center; font: 700 12px/20px ui-monospace, monospace; border-radius: 4px; color: #fff; background: #5b6475; }
.method.get { background: #1f7a4d; } .method.post { background: #2f6fde; } .method.put { background: #a05a00; } .method.delete { background: #b3261e; } .method.patch { background: #7446c2; }
.status { font: 700 13px ui-monospace, monospace; } .s2 { color: #1f7a4d; } .s4, .s5 { color: #b3261e; }
.schema { list-style: none; padding-left: 16px; border-left: 2px solid var(--line); margin: 4px 0; }
.schema li { margin: 4px 0; } .field { font-weight: 600; } .type { color: var(--muted); }
.opt { font-size: 12px; color: var(--muted); margin-left: 6px; } .muted { color: var(--muted); } .auth { font-size: 13px; color: var(--muted); }
`;
