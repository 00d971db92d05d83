import { describe, expect, it } from "vitest";
import { helpLinksFor } from "./help-links";

describe("helpLinksFor", () => {
  it("gives the article that explains a page, segment-wise, and the interventions on the results", () => {
    expect(helpLinksFor("/dialogs")).toEqual([{ href: "/knowledge-base/dialogs", key: "page" }]);
    expect(helpLinksFor("/dialogs/123/events")).toEqual([{ href: "/knowledge-base/dialogs", key: "page" }]);
    expect(helpLinksFor("/flowers")).toEqual([]);
    expect(helpLinksFor("/review/result/abc/grid")).toEqual([
      { href: "/knowledge-base/team-reviews", key: "page" },
      { href: "/guide/intervention", key: "interventions" },
    ]);
    expect(helpLinksFor("/personnel/teams/abc/goalsAndAmbitions")[0].href).toBe("/knowledge-base/growth-and-goals");
    expect(helpLinksFor("/personnel/teams/abc/settings")[0].href).toBe("/knowledge-base/personnel-and-teams");
    expect(helpLinksFor("/knowledge-base/dialogs")).toEqual([]);
  });
});
