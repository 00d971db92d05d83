import { escapeHtml } from "~/utils/escape-html";

/**
 * The API's reference page (/api/docs): the OpenAPI document rendered on the server as plain HTML, no
 * script and nothing from a CDN (docs/decisions/1650). Schemas are shown as indented field lists.
 */
type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { description: string }>;
      content?: Record<string, { schema: Schema }>;
    }
  >;
};
type Document = {
  info: { title: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string }[];
};

const e = escapeHtml;

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  if (schema.type === "array") return `${typeOf((schema.items as Schema) ?? {})}[]`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : typeof schema.type === "string"
      ? schema.type
      : "any";
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

function fields(schema: Schema, depth = 0): string {
  const target = schema.type === "array" ? ((schema.items as Schema) ?? {}) : schema;
  const options = Array.isArray(target.anyOf) ? (target.anyOf as Schema[]).filter((s) => s.type === "object") : [];
  const object = target.type === "object" ? target : options[0];
  if (!object || !object.properties || depth > 6) return "";
  const required = new Set((object.required as string[]) ?? []);
  const rows = Object.entries(object.properties as Record<string, Schema>).map(([name, sub]) => {
    const note = sub.description ? ` — ${e(String(sub.description))}` : "";
    const flag = required.has(name) ? "" : " <i>optional</i>";
    return `<li><code>${e(name)}</code>: <span class="t">${e(typeOf(sub))}</span>${flag}${note}${fields(sub, depth + 1)}</li>`;
  });
  return `<ul>${rows.join("")}</ul>`;
}

function paragraphs(text: string): string {
  return text
    .split(/\n\n+/)
    .map(
      (p) =>
        `<p>${e(p)
          .replace(/`([^`]+)`/g, "<code>$1</code>")
          .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")}</p>`,
    )
    .join("");
}

function operationHtml(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${e(p.name)}</code> (${e(p.in)}${p.required ? ", required" : ""}): ${e(typeOf(p.schema))}${p.description ? ` — ${e(p.description)}` : ""}</li>`,
    )
    .join("");
  const body = op.requestBody?.content["application/json"]?.schema;
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const schema = r.content?.["application/json"]?.schema;
      const headers = Object.entries(r.headers ?? {})
        .map(([h, d]) => `<li>header <code>${e(h)}</code> — ${e(d.description)}</li>`)
        .join("");
      return `<li><strong>${e(status)}</strong> ${e(r.description)}${headers ? `<ul>${headers}</ul>` : ""}${schema && Number(status) < 400 ? fields(schema) : ""}</li>`;
    })
    .join("");
  return `<section id="${e(op.operationId)}"><h3><span class="m">${e(method.toUpperCase())}</span> <code>${e(path)}</code></h3>
<p>${e(op.summary)}</p>${op.description ? paragraphs(op.description) : ""}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
${body ? `<h4>Body (application/json)</h4>${fields(body) || `<p>${e(typeOf(body))}</p>`}` : ""}
<h4>Answers</h4><ul>${responses}</ul></section>`;
}

export function referencePageHtml(doc: Document): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${e(op.operationId)}">${e(method.toUpperCase())} ${e(path)}</a></li>`,
      ]);
    }
  }
  const tags = doc.tags.map((t) => t.name);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.info.title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;line-height:1.45;color:#1a1a1a}
code{font-family:ui-monospace,monospace;background:#f2f2f2;padding:0 .2em}.m{font-weight:700;color:#0b5394}
.t{color:#555}section{border-top:1px solid #ddd;padding-top:.5rem}ul ul{margin:.1rem 0}h4{margin:.6rem 0 .2rem}
</style></head><body><h1>${e(doc.info.title)}</h1>${paragraphs(doc.info.description)}
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). A curl walk-through: docs/api.md.</p>
<nav aria-label="Operations">${tags.map((t) => `<h2>${e(t)}</h2><ul>${(toc.get(t) ?? []).join("")}</ul>`).join("")}</nav>
<main>${tags.map((t) => `<h2>${e(t)}</h2>${(byTag.get(t) ?? []).join("")}`).join("")}</main></body></html>`;
}
