import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespaces, supportedLanguages } from "~/utils/i18n";

const root = path.resolve("public/locales");

function flatKeys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function keysOf(language: string): Map<string, string[]> {
  const dir = path.join(root, language);
  return new Map(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [f, flatKeys(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).sort()]),
  );
}

describe("translations", () => {
  const byLanguage = new Map(supportedLanguages.map((lng) => [lng, keysOf(lng)]));

  it("have the same namespaces in nl, en and de", () => {
    const [nl, en, de] = supportedLanguages.map((lng) => [...byLanguage.get(lng)!.keys()].sort());
    expect(en).toEqual(nl);
    expect(de).toEqual(nl);
  });

  it("are all listed in the namespaces the server and browser load", () => {
    expect([...byLanguage.get("nl")!.keys()].map((f) => f.replace(/\.json$/, "")).sort()).toEqual(
      [...namespaces].sort(),
    );
  });

  it("have the same keys in every namespace", () => {
    for (const [namespace, nlKeys] of byLanguage.get("nl")!) {
      expect(byLanguage.get("en")!.get(namespace), `en/${namespace}`).toEqual(nlKeys);
      expect(byLanguage.get("de")!.get(namespace), `de/${namespace}`).toEqual(nlKeys);
    }
  });

  it("have no empty texts", () => {
    for (const lng of supportedLanguages) {
      for (const file of fs.readdirSync(path.join(root, lng))) {
        const text = fs.readFileSync(path.join(root, lng, file), "utf8");
        expect(text, `${lng}/${file}`).not.toMatch(/:\s*""/);
      }
    }
  });

  it("use the spec's Dutch messages word for word", () => {
    const nl = (ns: string) => JSON.parse(fs.readFileSync(path.join(root, "nl", `${ns}.json`), "utf8"));
    expect(nl("auth").login.failed).toBe("Login mislukt");
    expect(nl("auth").login.unverified).toBe("Je email adres is nog niet geverifieerd. Check je email");
    expect(nl("auth").login.tooManyAttempts).toBe("Te veel pogingen");
    expect(nl("auth").session.expired).toBe("Jouw sessie is verlopen");
    expect(nl("validation").password.minLength).toBe("Wachtwoord moet tenminste uit 8 karakters bestaan");
    expect(nl("validation").password.uppercase).toBe("Gebruik tenminste 1 hoofdletter");
    expect(nl("validation").email.invalid).toBe("Typ een geldig e-mail adres");
    expect(nl("validation").required).toBe("{{name}} is verplicht");
  });
});
