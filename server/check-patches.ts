/**
 * The framework patches in patches/ (applied by patch-package on `npm install`) are part of the server:
 * the react-dom patch empties a response's pending text before the next one (docs/decisions/0014), the router
 * patch lets the route-match memo serve the static handler (0011). `npm install --ignore-scripts`, or a
 * package upgraded past a patch, leaves them off without a word. So the web server checks them before it
 * starts and refuses to start when one is off (docs/decisions/0670).
 *
 * The check reads the patch files themselves: for each, the installed package must have the version in
 * the file's name, and every hunk's resulting text must be in the installed file.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type PatchProblem = { patch: string; problem: string };

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `@remix-run+router+1.23.3.patch` → @remix-run/router 1.23.3; `a++b+1.0.0.patch` → a's nested b. */
export function parsePatchFileName(fileName: string): { packagePath: string; version: string } | undefined {
  const match = /^(.+)\+([^+]+?)(?:\.dev)?\.patch$/.exec(fileName);
  if (!match) return undefined;
  const [, namePart, version] = match;
  const packages = namePart.split("++").map((name) => name.replace(/\+/g, "/"));
  return { packagePath: packages.map((name) => path.join("node_modules", name)).join(path.sep), version };
}

type FileDiff = { target: string; hunks: string[] };

/** Each file's diff in a patch: its path (relative to the project) and, per hunk, the text after the patch. */
export function parsePatch(text: string): FileDiff[] {
  const files: FileDiff[] = [];
  let file: FileDiff | undefined;
  let hunk: string[] | undefined;
  const closeHunk = () => {
    if (file && hunk) file.hunks.push(hunk.join("\n"));
    hunk = undefined;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("diff --git ")) {
      closeHunk();
      file = undefined;
    } else if (line.startsWith("+++ ") && !hunk) {
      const target = line.slice(4).trim();
      file = { target: target === "/dev/null" ? target : target.replace(/^b\//, ""), hunks: [] };
      files.push(file);
    } else if (line.startsWith("@@ ")) {
      closeHunk();
      hunk = [];
    } else if (hunk) {
      if (line.startsWith("+") || line.startsWith(" ")) hunk.push(line.slice(1));
      else if (line === "") hunk.push("");
      // "-" lines are what the patch removed; "\ No newline at end of file" is a marker.
    }
  }
  closeHunk();
  // A trailing empty line of the patch file is not part of the last hunk.
  for (const each of files) each.hunks = each.hunks.map((h) => h.replace(/\n+$/, ""));
  return files;
}

/** What is wrong with the patches under `root` (empty when every patch is applied). */
export function findPatchProblems(root: string = defaultRoot): PatchProblem[] {
  const patchesDir = path.join(root, "patches");
  if (!fs.existsSync(patchesDir)) return [];
  const problems: PatchProblem[] = [];
  for (const patch of fs
    .readdirSync(patchesDir)
    .filter((name) => name.endsWith(".patch"))
    .sort()) {
    const parsed = parsePatchFileName(patch);
    if (!parsed) {
      problems.push({ patch, problem: "the file name does not name a package and version" });
      continue;
    }
    let installed: string | undefined;
    try {
      installed = (
        JSON.parse(fs.readFileSync(path.join(root, parsed.packagePath, "package.json"), "utf8")) as {
          version?: string;
        }
      ).version;
    } catch {
      problems.push({ patch, problem: `${parsed.packagePath} is not installed` });
      continue;
    }
    if (installed !== parsed.version) {
      problems.push({
        patch,
        problem: `${parsed.packagePath} is version ${installed}, the patch is for ${parsed.version}`,
      });
      continue;
    }
    for (const diff of parsePatch(fs.readFileSync(path.join(patchesDir, patch), "utf8"))) {
      if (diff.target === "/dev/null") continue;
      let content: string;
      try {
        content = fs.readFileSync(path.join(root, diff.target), "utf8").replace(/\r\n/g, "\n");
      } catch {
        problems.push({ patch, problem: `${diff.target} is missing` });
        continue;
      }
      if (!diff.hunks.every((hunk) => content.includes(hunk))) {
        problems.push({ patch, problem: `${diff.target} is not patched` });
      }
    }
  }
  return problems;
}

/** The message the server stops with, or undefined when every patch is applied. */
export function patchProblemsMessage(root: string = defaultRoot): string | undefined {
  const problems = findPatchProblems(root);
  if (problems.length === 0) return undefined;
  return [
    "Refusing to start: framework patches in patches/ are not applied (docs/decisions/0670).",
    ...problems.map(({ patch, problem }) => `  - ${patch}: ${problem}`),
    "Apply them with `npx patch-package` (npm install runs it, unless --ignore-scripts), or install the versions the patches are for.",
  ].join("\n");
}

/** For the server's entry: prints what is wrong and exits with code 1 when a patch is not applied. */
export function exitUnlessPatchesApplied(root?: string): void {
  const message = patchProblemsMessage(root);
  if (!message) return;
  console.error(message);
  process.exit(1);
}
