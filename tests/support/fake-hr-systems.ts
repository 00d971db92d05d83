import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local HTTP servers that answer like AFAS Profit (GetConnector: GET /connectors/{id}?skip=&take=,
 * `Authorization: AfasToken base64(token)`, `{ skip, take, rows }`) and the Polaris adapter
 * (GET /teams, GET /employees?page=N, Bearer token) — real HTTP for the connector tests, no mocks.
 * `mode` makes them misbehave: wrong answers, errors, slowness, a malformed page.
 */
export type FakeMode = "ok" | "error500" | "slow" | "malformed" | "malformedSecondPage";

export type FakeServer = {
  url: string;
  requests: string[];
  mode: FakeMode;
  rows: Record<string, unknown>[];
  teams: { id: string; name: string; leaderEmployeeNumber?: string }[];
  close(): Promise<void>;
};

export async function startFakeHrSystem(options: {
  kind: "afas" | "polaris";
  token: string;
  rows: Record<string, unknown>[];
  teams?: { id: string; name: string; leaderEmployeeNumber?: string }[];
  pageSize?: number;
}): Promise<FakeServer> {
  const state: Omit<FakeServer, "url" | "close"> = {
    requests: [],
    mode: "ok",
    rows: options.rows,
    teams: options.teams ?? [],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    state.requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const expected =
      options.kind === "afas"
        ? `AfasToken ${Buffer.from(options.token, "utf8").toString("base64")}`
        : `Bearer ${options.token}`;
    if (req.headers.authorization !== expected) return send(401, { message: "unauthorised" });
    if (state.mode === "error500") return send(500, { message: "boom" });
    if (state.mode === "slow") {
      const timer = setTimeout(() => send(200, { rows: [] }), 5000);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (options.kind === "afas") {
      const match = /^\/connectors\/([^/]+)$/.exec(url.pathname);
      if (!match || match[1] !== "Profit_Employees") return send(404, { message: "unknown connector" });
      const skip = Number(url.searchParams.get("skip"));
      const take = Number(url.searchParams.get("take"));
      if (state.mode === "malformed" || (state.mode === "malformedSecondPage" && skip > 0))
        return send(200, '{"skip": 0, "rows": [ {"Medewerker": ');
      return send(200, { skip, take, rows: state.rows.slice(skip, skip + take) });
    }
    if (url.pathname === "/teams") {
      if (state.mode === "malformed") return send(200, { teams: "none" });
      return send(200, { teams: state.teams });
    }
    if (url.pathname === "/employees") {
      const size = options.pageSize ?? 2;
      const page = Number(url.searchParams.get("page") ?? "1");
      if (state.mode === "malformedSecondPage" && page > 1) return send(200, { employees: [{ email: { nested: 1 } }] });
      const employees = state.rows.slice((page - 1) * size, page * size);
      return send(200, { employees, nextPage: page * size < state.rows.length ? page + 1 : null });
    }
    return send(404, { message: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeServer;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
