/**
 * The API's reference page, rendered on the server from the OpenAPI document (so it says what the
 * document says): plain HTML, no script, readable on a 360 px phone. Each problem type's `type`
 * URI points at its entry here.
 */
import { noticeAnchor } from "./deprecations";
import { PROBLEMS, type ProblemKind } from "./problems";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);
/** `code` spans in the document's Markdown-ish descriptions, the only markup they use. */
const prose = (text: string | undefined) => escapeHtml(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");

interface DocParameter {
  name: string;
  in: string;
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: { type?: string; enum?: string[]; pattern?: string; maxLength?: number };
}
interface DocOperation {
  operationId: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: DocParameter[];
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
}
interface Doc {
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  paths?: Record<string, { get?: DocOperation }>;
}

function parameterType(schema: DocParameter["schema"]): string {
  if (!schema) return "";
  if (schema.enum) return schema.enum.map((v) => `<code>${escapeHtml(v)}</code>`).join(" | ");
  return escapeHtml([schema.type ?? "", schema.maxLength ? `≤ ${schema.maxLength} chars` : ""].filter(Boolean).join(", "));
}

function operationHtml(path: string, op: DocOperation, server: string): string {
  const params = op.parameters ?? [];
  const example = op.responses["200"]?.content?.["application/json"]?.example;
  const statuses = Object.entries(op.responses)
    .map(([status, response]) => `<li><code>${escapeHtml(status)}</code> ${prose(response.description)}</li>`)
    .join("");
  return `<section id="${escapeHtml(op.operationId)}" aria-labelledby="${escapeHtml(op.operationId)}-h">
<h3 id="${escapeHtml(op.operationId)}-h"><span class="verb">GET</span> <code>${escapeHtml(path)}</code></h3>
${
  // The target of the Link rel="deprecation" and rel="sunset" headers (deprecations.ts).
  op.deprecated
    ? `<p id="${escapeHtml(noticeAnchor(op.operationId))}" class="deprecated"><strong>Deprecated.</strong> ${prose(op.summary)}. ${prose(op.description)}</p>`
    : `<p><strong>${prose(op.summary)}</strong>. ${prose(op.description)}</p>`
}
<p class="url"><code>${escapeHtml(server + path)}</code></p>
${
  params.length
    ? `<div class="scroll"><table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr${p.deprecated ? ` id="${escapeHtml(noticeAnchor(op.operationId, p.name))}" class="deprecated"` : ""}><th scope="row"><code>${escapeHtml(p.name)}</code>${p.required ? " (required)" : ""}${p.deprecated ? " (deprecated)" : ""}</th><td>${escapeHtml(p.in)}</td><td>${parameterType(p.schema)}</td><td>${prose(p.description)}</td></tr>`,
        )
        .join("")}</tbody></table></div>`
    : ""
}
<h4>Answers</h4><ul>${statuses}</ul>
${example === undefined ? "" : `<details><summary>Example answer</summary><pre tabindex="0"><code>${escapeHtml(JSON.stringify(example, null, 2))}</code></pre></details>`}
</section>`;
}

export function referencePage(document: unknown): string {
  const doc = document as Doc;
  const server = doc.servers?.[0]?.url ?? "/api/v1";
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) => (item.get ? [[path, item.get] as const] : []));
  const problems = (Object.keys(PROBLEMS) as ProblemKind[])
    .map(
      (kind) =>
        `<li id="problem-${kind}"><code>${escapeHtml(`/api/v1/docs#problem-${kind}`)}</code>: ${PROBLEMS[kind].status} ${escapeHtml(PROBLEMS[kind].title)}</li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;padding:1rem;max-width:60rem;color:#1c1917;background:#fafaf9}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem;overflow-wrap:anywhere}
code,pre{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
pre{background:#f5f5f4;padding:.75rem;overflow-x:auto;white-space:pre}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border:1px solid #d6d3d1;padding:.35rem .5rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600}.verb{background:#166534;color:#fff;padding:0 .4rem;border-radius:.25rem}
section{border-top:1px solid #e7e5e4;padding-top:.5rem}.deprecated{background:#fef3c7}a{color:#166534}.url{overflow-wrap:anywhere}
</style>
</head>
<body>
<header><h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
<p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="${escapeHtml(server)}/openapi.json">openapi.json</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Operations"><h2>Operations</h2><ul>${operations.map(([path, op]) => `<li><a href="#${escapeHtml(op.operationId)}">${escapeHtml(path)}</a>: ${prose(op.summary)}</li>`).join("")}</ul></nav>
<main>
<h2>Reference</h2>
${operations.map(([path, op]) => operationHtml(path, op, server)).join("\n")}
<h2 id="problems">Problem types</h2>
<p>Errors are <code>application/problem+json</code> (RFC 9457); their <code>type</code> is one of these and stays the same within v1.</p>
<ul>${problems}</ul>
</main>
</body>
</html>
`;
}
