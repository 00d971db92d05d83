import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "#db/client.server";
import {
  databaseUnavailableDataResponse,
  databaseUnavailableResponse,
  noteDatabaseUnavailable,
  wasDatabaseUnavailable,
} from "~/utils/database-unavailable.server";
import { languageCookie } from "~/utils/i18n.server";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises refused, dropped and shutting-down connections, also wrapped", () => {
    expect(isDatabaseUnavailable(pgError("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    // Drizzle wraps the driver's error in `cause`; Node's dual-stack connect gives an AggregateError.
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: pgError("57P01") }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError("ECONNREFUSED"), pgError("ECONNREFUSED")]))).toBe(true);
  });

  it("leaves errors of the query itself alone", () => {
    expect(isDatabaseUnavailable(pgError("23505", "duplicate key value"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: pgError("42601", "syntax error") }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Unexpected Server Error"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe("the 503 answers", () => {
  it("remember the request and answer a short page in the browser's language", async () => {
    const request = new Request("http://localhost/personnel?x=1", {
      headers: { "accept-language": "fr-FR, en;q=0.8, de;q=0.5" },
    });
    expect(noteDatabaseUnavailable(pgError("23505"), request)).toBe(false);
    expect(wasDatabaseUnavailable(request)).toBe(false);
    expect(noteDatabaseUnavailable(pgError("ECONNREFUSED"), request)).toBe(true);
    expect(wasDatabaseUnavailable(request)).toBe(true);

    const response = await databaseUnavailableResponse(request);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Temporarily unavailable");
    expect(html).toContain('href="/personnel?x=1"');
    expect(html).not.toContain("<script");
  });

  it("prefer the language cookie, and default to Dutch", async () => {
    const withCookie = new Request("http://localhost/", {
      headers: { cookie: await languageCookie.serialize("de"), "accept-language": "en" },
    });
    expect(await (await databaseUnavailableResponse(withCookie)).text()).toContain("Vorübergehend nicht erreichbar");
    const bare = new Request("http://localhost/");
    expect(await (await databaseUnavailableResponse(bare)).text()).toContain("Even niet bereikbaar");
  });

  it("send a data request to its page as a document, never to another site", () => {
    const get = databaseUnavailableDataResponse(new Request("http://localhost/teams.data?_routes=root,x&page=2"));
    expect(get.status).toBe(302);
    expect(get.headers.get("x-remix-reload-document")).toBe("yes");
    expect(get.headers.get("location")).toBe("/teams?page=2");
    expect(databaseUnavailableDataResponse(new Request("http://localhost/_root.data")).headers.get("location")).toBe(
      "/",
    );
    const post = new Request("http://localhost/resources/language.data", {
      method: "POST",
      headers: { referer: "http://localhost/profile?tab=1" },
    });
    expect(databaseUnavailableDataResponse(post).headers.get("location")).toBe("/profile?tab=1");
    const foreign = new Request("http://localhost/x.data", {
      method: "POST",
      headers: { referer: "https://evil.example/" },
    });
    expect(databaseUnavailableDataResponse(foreign).headers.get("location")).toBe("/x");
    const sneaky = new Request("http://localhost//evil.example.data");
    expect(databaseUnavailableDataResponse(sneaky).headers.get("location")).toBe("/evil.example");
  });
});
