import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findPatchProblems, parsePatchFileName, patchProblemsMessage } from "../../server/check-patches";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const original = "'use strict';\nfunction a() {\n  return matchRoutes(x);\n}\nmodule.exports = a;\n";
const patched =
  "'use strict';\nfunction a() {\n  // patched\n  return exports.matchRoutes(x);\n}\nmodule.exports = a;\n";
const patchText = `diff --git a/node_modules/@scope/pkg/dist/index.js b/node_modules/@scope/pkg/dist/index.js
index 1111111..2222222 100644
--- a/node_modules/@scope/pkg/dist/index.js
+++ b/node_modules/@scope/pkg/dist/index.js
@@ -1,5 +1,6 @@
 'use strict';
 function a() {
-  return matchRoutes(x);
+  // patched
+  return exports.matchRoutes(x);
 }
 module.exports = a;
`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A project with one patched package, @scope/pkg, installed at `version` with `content`. */
function project({ content, version = "1.2.3" }: { content?: string; version?: string }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-patches-"));
  roots.push(root);
  fs.mkdirSync(path.join(root, "patches"));
  fs.writeFileSync(path.join(root, "patches", "@scope+pkg+1.2.3.patch"), patchText);
  const pkg = path.join(root, "node_modules", "@scope", "pkg");
  fs.mkdirSync(path.join(pkg, "dist"), { recursive: true });
  fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "@scope/pkg", version }));
  if (content !== undefined) fs.writeFileSync(path.join(pkg, "dist", "index.js"), content);
  return root;
}

describe("the start-up check of the framework patches (decision 0670)", () => {
  it("reads package and version from patch-package's file names", () => {
    expect(parsePatchFileName("@remix-run+router+1.23.3.patch")).toEqual({
      packagePath: path.join("node_modules", "@remix-run", "router"),
      version: "1.23.3",
    });
    expect(parsePatchFileName("react-dom+18.3.1.patch")?.version).toBe("18.3.1");
    expect(parsePatchFileName("outer++inner+2.0.0.patch")?.packagePath).toBe(
      path.join("node_modules", "outer", "node_modules", "inner"),
    );
  });

  it("finds nothing wrong when the patch is applied", () => {
    expect(findPatchProblems(project({ content: patched }))).toEqual([]);
    expect(patchProblemsMessage(project({ content: patched }))).toBeUndefined();
  });

  it("names a patch whose file is unpatched (an install with --ignore-scripts)", () => {
    const root = project({ content: original });
    expect(findPatchProblems(root)).toEqual([
      { patch: "@scope+pkg+1.2.3.patch", problem: "node_modules/@scope/pkg/dist/index.js is not patched" },
    ]);
    expect(patchProblemsMessage(root)).toMatch(
      /^Refusing to start: .*\n {2}- @scope\+pkg\+1\.2\.3\.patch: .*npx patch-package/s,
    );
  });

  it("names a package upgraded past its patch, or missing", () => {
    expect(findPatchProblems(project({ content: patched, version: "1.3.0" }))[0].problem).toBe(
      "node_modules/@scope/pkg is version 1.3.0, the patch is for 1.2.3",
    );
    const root = project({ content: patched });
    fs.rmSync(path.join(root, "node_modules"), { recursive: true });
    expect(findPatchProblems(root)[0].problem).toBe("node_modules/@scope/pkg is not installed");
  });

  it("passes on this checkout, which holds exactly the two patches kept (react-dom and the router)", () => {
    expect(fs.readdirSync(path.join(projectRoot, "patches")).sort()).toEqual([
      "@remix-run+router+1.23.3.patch",
      "react-dom+18.3.1.patch",
    ]);
    expect(findPatchProblems(projectRoot)).toEqual([]);
  });

  it("finds each real patch off when its file is reverted", () => {
    for (const patch of fs.readdirSync(path.join(projectRoot, "patches"))) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-patches-real-"));
      roots.push(root);
      fs.cpSync(path.join(projectRoot, "patches", patch), path.join(root, "patches", patch));
      const patchText = fs.readFileSync(path.join(root, "patches", patch), "utf8");
      const targets = [...patchText.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((match) => match[1]);
      const packageJson = path.join(targets[0].split("/dist/")[0].split("/cjs/")[0], "package.json");
      for (const file of [...targets, packageJson]) {
        fs.cpSync(path.join(projectRoot, file), path.join(root, file));
      }
      expect(findPatchProblems(root), patch).toEqual([]);
      const reverse = spawnSync("patch", ["-R", "-p1", "--no-backup-if-mismatch", "-i", path.join("patches", patch)], {
        cwd: root,
        encoding: "utf8",
      });
      expect(reverse.status, reverse.stderr).toBe(0);
      expect(
        findPatchProblems(root).map((problem) => problem.patch),
        patch,
      ).toEqual([patch]);
    }
  });
});
