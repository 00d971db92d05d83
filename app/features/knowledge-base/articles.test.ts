import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/utils/i18n";
import { parseArticle, searchArticles, sortArticles } from "./articles";
import { getArticle, listArticles, renderMarkdown } from "./articles.server";

const source = `---
title: "Inloggen: zo werkt het"
summary: Tweestapsverificatie en wachtwoorden
order: 2
---
## Eerste stap

Vul je **e-mailadres** in.
`;

describe("knowledge base: front matter", () => {
  it("reads title, summary and order, and keeps the body after the front matter", () => {
    const article = parseArticle("inloggen", source);
    expect(article).toMatchObject({
      slug: "inloggen",
      title: "Inloggen: zo werkt het",
      summary: "Tweestapsverificatie en wachtwoorden",
      order: 2,
    });
    expect(article.body).toBe("## Eerste stap\n\nVul je **e-mailadres** in.\n");
  });

  it("accepts Windows line ends and an article without summary or order", () => {
    const article = parseArticle("kort", "---\r\ntitle: Kort\r\n---\r\nTekst\r\n");
    expect(article).toMatchObject({ title: "Kort", summary: "", order: Infinity, body: "Tekst\n" });
  });

  it("refuses a file without a title or with a bad name", () => {
    expect(() => parseArticle("zonder-titel", "---\nsummary: x\n---\nTekst")).toThrow(/no title/);
    expect(() => parseArticle("geen-front-matter", "# Titel\n")).toThrow(/no title/);
    expect(() => parseArticle("../geheim", source)).toThrow(/bad file name/);
  });

  it("sorts by order, then title", () => {
    const sorted = sortArticles([
      { title: "B", order: Infinity },
      { title: "Z", order: 1 },
      { title: "A", order: Infinity },
    ]);
    expect(sorted.map((a) => a.title)).toEqual(["Z", "A", "B"]);
  });
});

describe("knowledge base: search", () => {
  const articles = [
    { title: "Inloggen", summary: "Tweestapsverificatie", body: "Scan de QR-code met je app." },
    { title: "Teams samenvoegen", summary: "Dubbele teams opruimen", body: "Kies **welk team** blijft." },
    { title: "Één overzicht", summary: "", body: "De vijf ontwikkelrollen" },
  ];
  const titles = (q: string) => searchArticles(articles, q).map((a) => a.title);

  it("finds words in the title, the summary and the text, ignoring case", () => {
    expect(titles("INLOGGEN")).toEqual(["Inloggen"]);
    expect(titles("tweestaps")).toEqual(["Inloggen"]);
    expect(titles("qr-code")).toEqual(["Inloggen"]);
    expect(titles("ontwikkelrollen")).toEqual(["Één overzicht"]);
  });

  it("needs every word, in any order, and reads through markdown marks and accents", () => {
    expect(titles("team welk")).toEqual(["Teams samenvoegen"]);
    expect(titles("welk team")).toEqual(["Teams samenvoegen"]);
    expect(titles("team inloggen")).toEqual([]);
    expect(titles("een overzicht")).toEqual(["Één overzicht"]);
  });

  it("returns everything for an empty search and nothing for an unknown word", () => {
    expect(titles("  ")).toHaveLength(3);
    expect(titles("salarisstrook")).toEqual([]);
  });
});

describe("knowledge base: the articles in the repository", () => {
  it("has the same nine articles in every language, each with a title and a summary", () => {
    const slugs = (lng: (typeof supportedLanguages)[number]) => listArticles(lng, "").map((a) => a.slug);
    expect(slugs("nl")).toEqual([
      "signing-in",
      "personnel-and-teams",
      "criteria-and-sets",
      "team-reviews",
      "merging",
      "dialogs",
      "flow",
      "competences",
      "growth-and-goals",
    ]);
    for (const lng of supportedLanguages) {
      expect(slugs(lng), lng).toEqual(slugs("nl"));
      for (const article of listArticles(lng, "")) {
        expect(article.title, `${lng}/${article.slug}`).not.toBe("");
        expect(article.summary, `${lng}/${article.slug}`).not.toBe("");
      }
    }
  });

  it("searches one language and renders an article to HTML; an unknown slug is null", () => {
    expect(listArticles("en", "recovery codes").map((a) => a.slug)).toEqual(["signing-in"]);
    expect(listArticles("nl", "herstelcodes").map((a) => a.slug)).toEqual(["signing-in"]);
    expect(listArticles("de", "Wiederherstellungscodes").map((a) => a.slug)).toEqual(["signing-in"]);
    const article = getArticle("en", "team-reviews");
    expect(article?.title).toBe("Running a team review and reading the results");
    expect(article?.html).toContain("<h2>Reading the results</h2>");
    expect(article?.html).toContain("<strong>Star</strong>");
    expect(getArticle("en", "does-not-exist")).toBeNull();
    expect(getArticle("en", "../nl/merging")).toBeNull();
  });
});

describe("knowledge base: rendering", () => {
  it("shows raw HTML as text, never as markup", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nTekst met <img src=x onerror="alert(1)"> erin.');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps links to this site and https, drops others to their text", () => {
    expect(renderMarkdown("[Teams](/personnel/teams)")).toContain('<a href="/personnel/teams">Teams</a>');
    expect(renderMarkdown("[Site](https://example.org)")).toContain('<a href="https://example.org">Site</a>');
    const bad = renderMarkdown("[Klik](javascript:alert(1)) en ![plaatje](https://example.org/x.png)");
    expect(bad).not.toContain("<a");
    expect(bad).not.toContain("<img");
    expect(bad).toContain("Klik");
  });
});
