import { beforeAll, describe, expect, it } from "vitest";
import { loader as downloadLoader } from "~/routes/_public+/file.$slug_.download";
import { loader as fileLoader } from "~/routes/_public+/file.$slug";
import { loader as processLoader } from "~/routes/_app+/guide+/process";
import { context, getRequest, run } from "../support/http";
import { employeeIn, orgWorld } from "../support/org";
import { sessionCookieFor } from "../support/session";

let adminCookie: string;
let employeeCookie: string;

beforeAll(async () => {
  const world = await orgWorld();
  adminCookie = world.cookie;
  const employee = await employeeIn(world);
  employeeCookie = (
    await sessionCookieFor({ userId: employee.user.id, accountId: world.account.id, clusterId: world.cluster.id })
  ).cookie;
});

async function download(path: string, slug: string, cookie?: string) {
  return (await run(() =>
    downloadLoader({ request: getRequest(path, cookie), context: context(), params: { slug } }),
  )) as Response;
}

describe("file/{slug}/download", () => {
  it("serves a legal document to anyone as an HTML file in the asked language", async () => {
    const res = await download("/file/terms/download?lang=de", "terms");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="terms-de.html"');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("<h1>Nutzungsbedingungen</h1>");
    expect(html).not.toContain("<script");
  });

  it("serves the manual and e-book to reviews.manage only; every language has the file", async () => {
    const anonymous = await download("/file/manual/download", "manual");
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    const employee = await download("/file/manual/download", "manual", employeeCookie);
    expect(employee.headers.get("Location")).toBe("/dashboard");
    for (const lang of ["nl", "en", "de"]) {
      for (const slug of ["manual", "ebook-team-development"]) {
        const res = await download(`/file/${slug}/download?lang=${lang}`, slug, adminCookie);
        expect(res.status, `${slug} ${lang}`).toBe(200);
        expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}-${lang}.html"`);
      }
    }
    const nl = await (await download("/file/manual/download?lang=nl", "manual", adminCookie)).text();
    expect(nl).toContain("<h1>Handleiding Teamontwikkeling</h1>");
  });

  it("answers 404 for an unknown slug, on the page and the file", async () => {
    expect((await download("/file/e-book/download", "e-book", adminCookie)).status).toBe(404);
    const page = (await run(() =>
      fileLoader({ request: getRequest("/file/e-book", adminCookie), context: context(), params: { slug: "e-book" } }),
    )) as Response;
    expect(page.status).toBe(404);
  });

  it("shows the manual's page with its title to reviews.manage", async () => {
    const result = (await fileLoader({
      request: getRequest("/file/manual", adminCookie),
      context: context(),
      params: { slug: "manual" },
    })) as { document: { title: string } | null };
    expect(result.document?.title).toBe("Handleiding Teamontwikkeling");
  });
});

describe("links to the documents", () => {
  it("the guide's process page lists the manual and e-book for reviews.manage only", async () => {
    const documentsFor = async (cookie: string) =>
      (
        (await processLoader({ request: getRequest("/guide/process", cookie), context: context(), params: {} })) as {
          documents: string[];
        }
      ).documents;
    expect(await documentsFor(adminCookie)).toEqual(["manual", "ebook-team-development"]);
    expect(await documentsFor(employeeCookie)).toEqual([]);
  });
});
