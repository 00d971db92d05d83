import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * Remix's classic compiler replaces every `*.server.*` module with an empty module in the browser
 * bundle, without a warning: a constant from one that a component uses is `undefined` in the browser,
 * and the page's hydration fails (React #418/#423). This check parses every module under app/ with
 * TypeScript's compiler API and fails when a value imported from a `.server` module is reachable from
 * client code: a route module's exports other than loader, action and headers (the ones the compiler
 * strips), any other module's exports, and top-level statements. Type-only uses are fine: they vanish
 * at compile time. (docs/decisions/0661-no-server-values-in-client-code.md)
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(projectRoot, "app");
const routesDir = path.join(appDir, "routes");
/** Route exports Remix removes from the browser build. */
const SERVER_ONLY_EXPORTS = new Set(["loader", "action", "headers"]);

export type ServerValueUse = { file: string; name: string; from: string };

function isServerModule(specifier: string): boolean {
  return /\.server(\.[cm]?[jt]sx?)?$/.test(specifier) || /\.server\//.test(specifier);
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** Names a function binds itself (parameters, its own declarations), which hide module-level names. */
function localNames(fn: ts.SignatureDeclaration): Set<string> {
  const names = new Set<string>(fn.parameters.flatMap((parameter) => bindingNames(parameter.name)));
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node)) bindingNames(node.name).forEach((name) => names.add(name));
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.add(node.name.text);
    if (ts.isCatchClause(node) && node.variableDeclaration) {
      bindingNames(node.variableDeclaration.name).forEach((name) => names.add(name));
    }
    if (ts.isFunctionLike(node)) return;
    ts.forEachChild(node, collect);
  };
  if ("body" in fn && fn.body) ts.forEachChild(fn.body as ts.Node, collect);
  return names;
}

/** Module-level identifiers a node refers to as values (not property names, not inside types). */
function referencedNames(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (child: ts.Node, hidden: ReadonlySet<string>) => {
    if (ts.isTypeNode(child) || ts.isInterfaceDeclaration(child) || ts.isTypeAliasDeclaration(child)) return;
    if (ts.isFunctionLike(child)) {
      const own = localNames(child);
      const inner = own.size > 0 ? new Set([...hidden, ...own]) : hidden;
      ts.forEachChild(child, (grandchild) => {
        // A function's own name and parameter names are bindings, not references.
        if (grandchild === (child as ts.FunctionDeclaration).name) return;
        visit(grandchild, inner);
      });
      return;
    }
    if (ts.isPropertyAccessExpression(child)) {
      visit(child.expression, hidden);
      return;
    }
    if (ts.isPropertyAssignment(child)) {
      if (ts.isComputedPropertyName(child.name)) visit(child.name, hidden);
      visit(child.initializer, hidden);
      return;
    }
    if (ts.isPropertyDeclaration(child)) {
      if (ts.isComputedPropertyName(child.name)) visit(child.name, hidden);
      if (child.initializer) visit(child.initializer, hidden);
      return;
    }
    if (ts.isBindingElement(child)) {
      // `{ a: b = x }`: only the default value refers to something.
      if (child.initializer) visit(child.initializer, hidden);
      if (!ts.isIdentifier(child.name)) visit(child.name, hidden);
      return;
    }
    if (ts.isVariableDeclaration(child) || ts.isParameter(child)) {
      if (!ts.isIdentifier(child.name)) visit(child.name, hidden);
      if (child.initializer) visit(child.initializer, hidden);
      return;
    }
    if (ts.isJsxAttribute(child)) {
      if (child.initializer) visit(child.initializer, hidden);
      return;
    }
    if (ts.isIdentifier(child) && !hidden.has(child.text)) names.add(child.text);
    ts.forEachChild(child, (grandchild) => visit(grandchild, hidden));
  };
  visit(node, new Set());
  return names;
}

/** Values from `.server` modules that client code of one module can reach. */
export function serverValuesInClientCode(source: string, fileName: string, isRoute: boolean): ServerValueUse[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const serverValues = new Map<string, string>();
  const declarations = new Map<string, ts.Node[]>();
  const clientRoots: ts.Node[] = [];
  const exportedLocals: string[] = [];
  const declare = (name: string, node: ts.Node) => declarations.set(name, [...(declarations.get(name) ?? []), node]);

  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) {
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly || !isServerModule(from)) continue;
      if (clause.name) serverValues.set(clause.name.text, from);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) serverValues.set(bindings.name.text, from);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) serverValues.set(element.name.text, from);
      }
      continue;
    }
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declare(statement.name.text, statement);
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) clientRoots.push(statement);
      else if (exported) exportedLocals.push(statement.name.text);
      continue;
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const name of bindingNames(declaration.name)) {
          declare(name, declaration);
          if (exported) exportedLocals.push(name);
        }
      }
      continue;
    }
    if (ts.isEnumDeclaration(statement)) {
      declare(statement.name.text, statement);
      if (exported) exportedLocals.push(statement.name.text);
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const from = statement.moduleSpecifier ? (statement.moduleSpecifier as ts.StringLiteral).text : null;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const exportedName = element.name.text;
          if (isRoute && SERVER_ONLY_EXPORTS.has(exportedName)) continue;
          const localName = (element.propertyName ?? element.name).text;
          if (from) {
            if (isServerModule(from)) {
              serverValues.set(`re-export:${exportedName}`, from);
              clientRoots.push(element);
            }
          } else exportedLocals.push(localName);
        }
      } else if (from && isServerModule(from)) {
        throw new Error(`${fileName}: \`export * from "${from}"\` hands server values to client code`);
      }
      continue;
    }
    // `export default <expression>` and any other top-level statement run in the browser.
    clientRoots.push(statement);
  }

  for (const name of exportedLocals) {
    if (isRoute && SERVER_ONLY_EXPORTS.has(name)) continue;
    clientRoots.push(...(declarations.get(name) ?? []));
  }

  const uses: ServerValueUse[] = [];
  const reached = new Set<ts.Node>();
  const queue = [...clientRoots];
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (reached.has(node)) continue;
    reached.add(node);
    if (ts.isExportSpecifier(node)) {
      uses.push({ file: fileName, name: node.name.text, from: serverValues.get(`re-export:${node.name.text}`)! });
      continue;
    }
    for (const name of referencedNames(node)) {
      const from = serverValues.get(name);
      if (from !== undefined) uses.push({ file: fileName, name, from });
      queue.push(...(declarations.get(name) ?? []));
    }
  }
  const unique = new Map(uses.map((use) => [`${use.name}\u0000${use.from}`, use]));
  return [...unique.values()];
}

function clientModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientModules(full);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.(test|d)\.tsx?$/.test(entry.name)) return [];
    // A .server module, or one inside a .server folder, never reaches the browser.
    if (/\.server\.[cm]?[jt]sx?$/.test(entry.name) || /\.server(\/|$)/.test(path.relative(appDir, dir))) return [];
    return [full];
  });
}

describe("values from .server modules in client code", () => {
  it("finds a page size from a .server module that the component passes to the pager", () => {
    const source = `
      import { listTeams, TEAMS_PAGE_SIZE, type Team } from "~/features/teams/teams.server";
      import { Pager } from "~/components/ui/pager";
      export async function loader() { return { teams: await listTeams(), size: TEAMS_PAGE_SIZE }; }
      export default function Teams() { return <Pager pageSize={TEAMS_PAGE_SIZE} />; }
    `;
    expect(serverValuesInClientCode(source, "teams._index.tsx", true)).toEqual([
      { file: "teams._index.tsx", name: "TEAMS_PAGE_SIZE", from: "~/features/teams/teams.server" },
    ]);
  });

  it("follows helpers the component calls, and meta, handle and other exports", () => {
    const source = `
      import { LIMIT } from "./limits.server";
      import { label } from "./labels.server";
      import * as texts from "./texts.server";
      const pageSize = () => LIMIT;
      export const meta = () => [{ title: label }];
      export const handle = { note: texts.note };
      export default function Page() { return <p>{pageSize()}</p>; }
    `;
    expect(serverValuesInClientCode(source, "page.tsx", true).map((use) => use.name)).toEqual([
      "label",
      "texts",
      "LIMIT",
    ]);
  });

  it("allows values used only by loader, action and their helpers, and type-only uses", () => {
    const source = `
      import { listTeams, TEAMS_PAGE_SIZE, type Team } from "~/features/teams/teams.server";
      import type { Row } from "./rows.server";
      import { schema } from "./schema.server";
      async function load() { return listTeams(TEAMS_PAGE_SIZE); }
      export async function loader() { return { teams: await load(), pageSize: TEAMS_PAGE_SIZE }; }
      export const action = async () => schema.parse({});
      type Props = { team: Team; row: Row; parsed: ReturnType<typeof schema.parse> };
      function Banner({ listTeams }: { listTeams: string }) { return <p>{listTeams}</p>; }
      export default function Teams(props: Props) {
        const object = { TEAMS_PAGE_SIZE: 1 };
        const schema = props.row;
        if (schema) return <Banner listTeams={String(schema)} />;
        return <p data-size={object.TEAMS_PAGE_SIZE}>{props.team.name}</p>;
      }
    `;
    expect(serverValuesInClientCode(source, "teams._index.tsx", true)).toEqual([]);
  });

  it("in a module that is not a route every export is client code", () => {
    const source = `
      import { secret } from "~/utils/env.server";
      export async function loader() { return secret; }
    `;
    expect(serverValuesInClientCode(source, "component.tsx", false).map((use) => use.name)).toEqual(["secret"]);
  });

  it("no module under app/ hands a value from a .server module to client code", { timeout: 60_000 }, () => {
    const files = clientModules(appDir);
    expect(files.length).toBeGreaterThan(50);
    const uses = files.flatMap((file) => {
      const isRoute = file.startsWith(routesDir + path.sep) || path.basename(file) === "root.tsx";
      return serverValuesInClientCode(fs.readFileSync(file, "utf8"), path.relative(projectRoot, file), isRoute);
    });
    expect(uses.map((use) => `${use.file}: ${use.name} from ${use.from}`)).toEqual([]);
  });
});
