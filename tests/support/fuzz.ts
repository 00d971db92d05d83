/**
 * The fuzz test's parts (tests/integration/fuzz.test.ts, docs/decisions/1440): the targets, read from the
 * route manifest (remix.config.js → remix-flat-routes, the same build the app serves), the malicious values,
 * and a seeded plan of requests. Nothing here knows a route by name: a new route is fuzzed the day it lands.
 */
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import remixConfig from "../../remix.config.js";
import { serverBuildFromSources } from "./app-server";

/** A deterministic random source (mulberry32): the same seed gives the same run. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof randomSource>;

export type TargetKind = "form" | "api" | "page";
export type Target = {
  kind: TargetKind;
  /** The route file under app/routes (the key of tests/support/route-ids.ts). */
  file: string;
  /** The URL path with `:param` and `*` still in it. */
  path: string;
  index: boolean;
  params: string[];
  hasLoader: boolean;
  hasAction: boolean;
};

/**
 * Every form route (a page or resource route with an action), every API route and every page with a
 * loader (its query string is fuzzed), from the manifest. The development pages are left out: they
 * answer only on loopback and are no part of production (loopbackOnlyDevPages).
 */
export async function fuzzTargets(): Promise<Target[]> {
  const manifest = (await remixConfig.routes!(defineRoutes)) as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; file: string }
  >;
  const build = await serverBuildFromSources();
  const fullPath = (id: string): string => {
    const route = manifest[id];
    if (!route) return "";
    const own = route.path ?? "";
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const targets: Target[] = [];
  for (const route of Object.values(manifest)) {
    const file = route.file.replace(/^routes\//, "");
    if (file.startsWith("dev+/")) continue;
    const module = build.routes[route.id].module as { loader?: unknown; action?: unknown };
    const path = "/" + fullPath(route.id);
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    if (path.endsWith("*")) params.push("*");
    const shape = {
      file,
      path,
      index: Boolean(route.index),
      params,
      hasLoader: typeof module.loader === "function",
      hasAction: typeof module.action === "function",
    };
    if (file.startsWith("api+/")) {
      if (shape.hasLoader || shape.hasAction) targets.push({ kind: "api", ...shape });
      continue;
    }
    if (shape.hasAction) targets.push({ kind: "form", ...shape });
    if (shape.hasLoader && route.path !== undefined) targets.push({ kind: "page", ...shape });
  }
  return targets.sort((a, b) => `${a.kind}${a.file}`.localeCompare(`${b.kind}${b.file}`));
}

/** Injected strings carry a marker: an answer that shows one with its `<` unescaped is an XSS. */
export const MARKER = "fz33";
export const injections = [
  `<script>${MARKER}()</script>`,
  `"><img src=x onerror=${MARKER}()>`,
  `'><svg onload=${MARKER}()>`,
  `javascript:${MARKER}()`,
  `' OR '1'='1`,
  `'; DROP TABLE users; --`,
  `1; SELECT pg_sleep(0)--`,
  `" OR ""="`,
  `{{7*7}}\${7*7}<%= 7*7 %>`,
  `../../../../etc/passwd`,
  `%00%27%22`,
  `__proto__`,
];
export const controls = [
  "\u0000",
  "a\u0000b",
  "\u0007\u0008\u001b[2J",
  "line\r\nbreak",
  "\u007f\u0085",
  "\u202eevil",
  "\ufeff\u200b",
  "\ud800",
];
export const numbers = [
  "-1",
  "0",
  "-0",
  "1e309",
  "9".repeat(40),
  "-99999999999",
  "2147483648",
  "NaN",
  "Infinity",
  "0x1F",
  "1.5",
  "١٢",
];
export const dates = [
  "31-02-2024",
  "2024-02-31",
  "00-00-0000",
  "99-99-9999",
  "2024-13-01",
  "01-01-10000",
  "0001-01-01",
  "9999-12-31T25:61",
  "31/12/2024",
  "today",
];
export const longs = ["x".repeat(5_000), "é".repeat(40_000), "a b ".repeat(60_000)];
export const oddIds = [
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "1",
  "-1",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];

/** Field names tried where a page shows no form to copy (action-only routes, pages that did not answer 200). */
export const fieldNames = [
  "intent",
  "id",
  "ids",
  "name",
  "title",
  "description",
  "email",
  "firstName",
  "lastName",
  "deadline",
  "date",
  "start",
  "end",
  "teamId",
  "teamIds",
  "membershipId",
  "userId",
  "reviewId",
  "setId",
  "tagIds",
  "positionId",
  "score",
  "level",
  "progress",
  "comment",
  "redirectTo",
  "password",
  "code",
  "q",
  "page",
  "keep",
  "otherId",
];
export const intents = [
  "save",
  "finish",
  "delete",
  "archive",
  "restore",
  "add",
  "remove",
  "edit",
  "create",
  "lock",
  "unlock",
  "confirm",
  "rollback",
  "merge",
  "apply",
  "x",
];

/** A malicious value; `foreignIds` are real ids of the other account (a write with them must change nothing there). */
export function badValue(r: Random, foreignIds: readonly string[]): string {
  const kind = r.int(7);
  if (kind === 0) return r.pick(injections);
  if (kind === 1) return r.pick(controls) + (r.chance(0.5) ? r.pick(injections) : "");
  if (kind === 2) return r.pick(numbers);
  if (kind === 3) return r.pick(dates);
  if (kind === 4) return r.pick(longs);
  if (kind === 5) return r.chance(0.6) && foreignIds.length ? r.pick(foreignIds) : r.pick(oddIds);
  return r.pick(["", " ", "\t", "on", "true", "[]", "{}", "null", "undefined"]);
}

export type FormField = { name: string; value: string };
/** The post forms of a page: their fields with the values the page filled in, and the intents of their buttons. */
export type PageForm = { fields: FormField[]; intents: FormField[] };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return m ? decode(m[1]) : null;
};

/** Reads the `method="post"` forms out of a page's HTML (a small regex reader: the app's markup is React's, regular). */
export function postFormsOf(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    if (!/method="post"/i.test(match[1])) continue;
    const inner = match[2];
    const fields: FormField[] = [];
    const intents: FormField[] = [];
    for (const tag of inner.matchAll(/<(input|select|textarea|button)\b[^>]*>/gi)) {
      const name = attr(tag[0], "name");
      if (!name) continue;
      const value = attr(tag[0], "value") ?? "";
      if (tag[1].toLowerCase() === "button") intents.push({ name, value });
      else fields.push({ name, value });
    }
    forms.push({ fields, intents });
  }
  return forms;
}

/** Body kinds of a form post; the first five are no form at all. */
export const formVariants = [
  "none",
  "json",
  "text",
  "multipartNoBoundary",
  "multipartBroken",
  "urlencodedBroken",
  "form",
  "multipart",
] as const;
export type FormVariant = (typeof formVariants)[number];
export const apiVariants = ["query", "json", "jsonBroken", "jsonShape", "wrongType", "form"] as const;
export type ApiVariant = (typeof apiVariants)[number];

export type Built = { method: string; headers: Record<string, string>; body?: string | Uint8Array };

const BOUNDARY = "----fuzz33boundary";

function multipartOf(fields: FormField[], r: Random): Uint8Array {
  const parts = fields.map((f) => {
    // Now and then a field arrives as a file: an action reading text must not trip over it.
    const asFile = r.chance(0.15) ? `; filename="${f.value.slice(0, 20).replace(/["\r\n]/g, "")}.txt"` : "";
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name.replace(/["\r\n]/g, "")}"${asFile}\r\n\r\n${f.value}\r\n`;
  });
  return new TextEncoder().encode(parts.join("") + `--${BOUNDARY}--\r\n`);
}

/**
 * A page's own value, kept, spoilt by one control character (the rest of the form still valid, so the
 * value reaches the service), or replaced by a bad one.
 */
function pageValue(r: Random, value: string, foreignIds: readonly string[]): string {
  const roll = r.next();
  if (roll < 0.4) return value;
  if (roll < 0.7) {
    const at = r.int(value.length + 1);
    return value.slice(0, at) + r.pick(["\u0000", "\u0000", "\u0001", "\u001b", "\u007f"]) + value.slice(at);
  }
  return badValue(r, foreignIds);
}

/** The fields of a fuzzed form: a page's own form with some values replaced, or guessed names. */
export function fuzzedFields(r: Random, forms: PageForm[], foreignIds: readonly string[]): FormField[] {
  const form = forms.length ? r.pick(forms) : null;
  const fields: FormField[] = form
    ? form.fields.map((f) => ({ name: f.name, value: pageValue(r, f.value, foreignIds) }))
    : Array.from({ length: 1 + r.int(5) }, () => ({ name: r.pick(fieldNames), value: badValue(r, foreignIds) }));
  const intent = form?.intents.length ? r.pick(form.intents) : { name: "intent", value: r.pick(intents) };
  fields.push(r.chance(0.8) ? intent : { name: intent.name, value: badValue(r, foreignIds) });
  // The same name twice, or a name nobody expects.
  if (r.chance(0.3) && fields.length) fields.push({ ...r.pick(fields), value: badValue(r, foreignIds) });
  if (r.chance(0.2)) fields.push({ name: r.pick([...injections, ...controls]), value: badValue(r, foreignIds) });
  return fields;
}

export function formBody(variant: FormVariant, fields: FormField[], r: Random): Built {
  const method = r.chance(0.8) ? "POST" : r.pick(["PUT", "PATCH", "DELETE"]);
  const urlencoded = () => new URLSearchParams(fields.map((f) => [f.name, f.value])).toString();
  switch (variant) {
    case "none":
      return { method, headers: {} };
    case "json":
      return {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(Object.fromEntries(fields.map((f) => [f.name, f.value]))),
      };
    case "text":
      return { method, headers: { "Content-Type": "text/plain;charset=UTF-8" }, body: urlencoded() };
    case "multipartNoBoundary":
      return { method, headers: { "Content-Type": "multipart/form-data" }, body: multipartOf(fields, r) };
    case "multipartBroken": {
      const whole = multipartOf(fields, r);
      return {
        method,
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body: whole.slice(0, Math.max(1, r.int(whole.length - 4))),
      };
    }
    case "urlencodedBroken":
      return {
        method,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `%zz&${urlencoded()}&=&&%E0%A4%A&name=%00%ff%fe`,
      };
    case "form":
      return { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: urlencoded() };
    case "multipart":
      return {
        method,
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body: multipartOf(fields, r),
      };
  }
}

/** A JSON value of the kind API bodies hold, with bad values and wrong types in it. */
function jsonValue(r: Random, foreignIds: readonly string[], depth = 0): unknown {
  const kind = r.int(depth > 2 ? 4 : 7);
  if (kind === 0) return badValue(r, foreignIds);
  if (kind === 1) return r.pick([-1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, -0]);
  if (kind === 2) return r.pick([null, true, false]);
  if (kind === 3) return r.pick(foreignIds.length ? foreignIds : oddIds);
  if (kind === 4) return Array.from({ length: r.int(4) }, () => jsonValue(r, foreignIds, depth + 1));
  return Object.fromEntries(
    Array.from({ length: 1 + r.int(5) }, () => [
      r.chance(0.9) ? r.pick(fieldNames) : r.pick(injections),
      jsonValue(r, foreignIds, depth + 1),
    ]),
  );
}

export function apiRequest(variant: ApiVariant, target: Target, r: Random, foreignIds: readonly string[]) {
  const method = target.hasAction && variant !== "query" ? r.pick(["POST", "PUT", "PATCH", "DELETE"]) : "GET";
  const query =
    variant === "query" || r.chance(0.2)
      ? "?" +
        new URLSearchParams(
          Array.from({ length: 1 + r.int(3) }, () => [
            r.pick(["page", "pageSize", "q", "search", "team", "id", "sort", "from", "to", "archived"]),
            // Kept under the request line's limit: a longer URL is the HTTP server's 431, before the app.
            badValue(r, foreignIds).slice(0, 500),
          ]),
        ).toString()
      : "";
  const json = { "Content-Type": "application/json" };
  let built: Built;
  switch (variant) {
    case "query":
      built = { method, headers: {} };
      break;
    case "json":
      built = { method, headers: json, body: JSON.stringify(jsonValue(r, foreignIds)) };
      break;
    case "jsonBroken":
      built = { method, headers: json, body: r.pick(['{"name":', "[1,2", "\u0000", "", "nul", '{"a":"\\ud800"}']) };
      break;
    case "jsonShape":
      built = {
        method,
        headers: json,
        body: JSON.stringify(
          Object.fromEntries(
            fieldNames.slice(0, 8 + r.int(fieldNames.length - 8)).map((n) => [n, badValue(r, foreignIds)]),
          ),
        ),
      };
      break;
    case "wrongType":
      built = {
        method,
        headers: { "Content-Type": r.pick(["text/plain", "application/xml", "multipart/form-data"]) },
        body: "{}",
      };
      break;
    case "form":
      built = {
        method,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: badValue(r, foreignIds) }).toString(),
      };
      break;
  }
  return { ...built, query };
}

/** A fuzzed query string for a page's loader (filters, paging, tabs). */
export function pageQuery(r: Random, foreignIds: readonly string[]) {
  const names = [
    "q",
    "page",
    "tab",
    "team",
    "teamId",
    "status",
    "sort",
    "archived",
    "from",
    "to",
    "tag",
    "round",
    "scope",
    "redirectTo",
  ];
  return (
    "?" +
    new URLSearchParams(
      Array.from({ length: 1 + r.int(4) }, () => [r.pick(names), badValue(r, foreignIds).slice(0, 500)]),
    ).toString()
  );
}

/** One planned request: which target, as whom, with which body kind; `seed` makes its values. */
export type Case = { target: number; role: number; variant: string; seed: number };

/**
 * The plan. `all`: every target × every role × every variant (the full set, `npm run fuzz`). Otherwise
 * `count` cases drawn with the seed: each target once first (so every route is hit every run), then at random.
 */
export function planCases(
  targets: Target[],
  roles: number,
  { seed, count, all }: { seed: number; count: number; all: boolean },
): Case[] {
  const r = randomSource(seed);
  const variantsOf = (t: Target): readonly string[] =>
    t.kind === "form" ? formVariants : t.kind === "api" ? apiVariants : ["query"];
  if (all) {
    return targets.flatMap((t, target) =>
      Array.from({ length: roles }, (_, role) =>
        variantsOf(t).map((variant) => ({ target, role, variant, seed: r.int(2 ** 31) })),
      ).flat(),
    );
  }
  const cases: Case[] = targets.map((t, target) => ({
    target,
    role: r.int(roles),
    variant: r.pick(variantsOf(t)),
    seed: r.int(2 ** 31),
  }));
  // Forms and the API are what the issue is about: pages' query strings get a smaller share.
  const weighted = targets.flatMap((t, i) => (t.kind === "page" ? [i] : [i, i, i]));
  while (cases.length < count) {
    const target = r.pick(weighted);
    cases.push({ target, role: r.int(roles), variant: r.pick(variantsOf(targets[target])), seed: r.int(2 ** 31) });
  }
  return cases;
}

/**
 * An injected marker the answer shows as markup (its `<` unescaped: React would have escaped it), or as a
 * link or form target that runs script. A `javascript:` text in an input's value is only what was typed.
 */
export function unescapedEcho(html: string): string | null {
  const needles = [
    `<script>${MARKER}`,
    `<img src=x onerror=${MARKER}`,
    `<svg onload=${MARKER}`,
    ...["href", "src", "action", "formaction"].map((name) => ` ${name}="javascript:${MARKER}`),
  ];
  return needles.find((n) => html.includes(n)) ?? null;
}
