import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orgWorld } from "../support/org";
import { startApp, type RunningApp } from "../support/app-server";

/*
 * One guard for every action (issue 33 item 3, docs/decisions/1440): a write whose body is not a form of
 * the page gets 415 (not a form's Content-Type) or 400 (a form's type, bytes that are none), answered as
 * a page in the user's language, never a 500. Over HTTP, through the real edge and Remix.
 */

let app: RunningApp;
let cookie: string;
beforeAll(async () => {
  app = await startApp();
  cookie = (await orgWorld()).cookie;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const bad: { name: string; status: number; headers: Record<string, string>; body?: string }[] = [
  { name: "no body and no type", status: 415, headers: {} },
  { name: "JSON", status: 415, headers: { "Content-Type": "application/json" }, body: '{"name":"x"}' },
  { name: "text/plain", status: 415, headers: { "Content-Type": "text/plain" }, body: "name=x" },
  { name: "multipart without boundary", status: 400, headers: { "Content-Type": "multipart/form-data" }, body: "x" },
  {
    name: "broken multipart",
    status: 400,
    headers: { "Content-Type": "multipart/form-data; boundary=zz" },
    body: '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nunfinished',
  },
];

async function post(pathname: string, entry: (typeof bad)[number], extra: Record<string, string> = {}) {
  const response = await fetch(app.url + pathname, {
    method: "POST",
    headers: { ...entry.headers, ...extra },
    body: entry.body,
    redirect: "manual",
  });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", body: await response.text() };
}

describe("a body that is no form", () => {
  test.each(bad)("$name on a signed-in page: $status with the page's message in Dutch", async (entry) => {
    const answer = await post("/personnel/positions", entry, { Cookie: cookie });
    expect(answer.status).toBe(entry.status);
    expect(answer.type).toContain("text/html");
    expect(answer.body).toContain("Dit verzoek kon niet worden gelezen");
  });

  test.each(bad)("$name on the sign-in page: $status, in the browser's language", async (entry) => {
    const answer = await post("/login", entry, { "Accept-Language": "en" });
    expect(answer.status).toBe(entry.status);
    expect(answer.body).toContain("This request could not be read");
  });

  test("a resource route answers the message as text, in German for a German browser", async () => {
    const answer = await post("/resources/language", bad[1], { "Accept-Language": "de" });
    expect(answer.status).toBe(415);
    expect(answer.type).toContain("text/plain");
    expect(answer.body).toContain("Öffnen Sie die Seite erneut");
  });

  test("an empty form is a form: the page's own field messages, 400", async () => {
    const answer = await post(
      "/personnel/positions",
      { name: "empty", status: 400, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" },
      { Cookie: cookie },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain("Dit verzoek kon niet worden gelezen");
  });
});

/*
 * Control characters (issue 33 item 4): PostgreSQL refuses a NUL in text, so it must never reach a
 * service. Forms refuse it next to the field (the shared text schemas), the JSON API with a 422, and a
 * list's search leaves it out.
 */
describe("a NUL or other control character", () => {
  const formPost = (pathname: string, fields: Record<string, string>, extra: Record<string, string> = {}) =>
    fetch(app.url + pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...extra },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  test.each(["\u0000", "\u0007", "\u001b[31m"])("in a name is a field message, 400 (%j)", async (control) => {
    const answer = await formPost("/personnel/positions", { name: `Functie${control}naam` });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("bevat een onzichtbaar stuurteken");
  });

  test("in the JSON API is a 422 naming the field, nothing stored", async () => {
    const answer = await fetch(`${app.url}/api/tags`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ name: "Tag\u0000x" }),
    });
    expect(answer.status).toBe(422);
    const body = (await answer.json()) as { issues: { path: string }[] };
    expect(body.issues[0].path).toBe("name");
    const list = await fetch(`${app.url}/api/tags`, { headers: { Cookie: cookie } });
    expect(await list.text()).not.toContain("Tag");
  });

  test("in a list's search is left out: the list answers", async () => {
    for (const pathname of ["/personnel/positions?q=a%00b", "/personnel/users?q=%00", "/criteria/book?q=%00%07"]) {
      const answer = await fetch(app.url + pathname, { headers: { Cookie: cookie } });
      expect(answer.status, pathname).toBe(200);
    }
  });
});
