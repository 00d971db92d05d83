import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector } from "undici";
import type { ConnectorKind } from "#db/schema/import-connectors";

/**
 * The remote systems, behind one small interface (decision 1222): each connector returns its people as
 * flat records (field name → text), which become the import's rows and headers; from there the import
 * runs the same compare/apply pipeline as a spreadsheet. Node's fetch, a time-out per request, no
 * redirects followed, a size cap per response; every failure is a ConnectorError with an i18n key.
 */

export class ConnectorError extends Error {
  constructor(
    readonly key: ConnectorErrorKey,
    detail?: string,
  ) {
    super(detail ?? key);
  }
}

export const connectorErrorKeys = [
  "import:connector.errors.unreachable",
  "import:connector.errors.timeout",
  "import:connector.errors.unauthorised",
  "import:connector.errors.notFound",
  "import:connector.errors.remote",
  "import:connector.errors.badData",
  "import:connector.errors.tooLarge",
  "import:connector.errors.secretLost",
  "import:connector.errors.notConfigured",
  "import:connector.errors.forbiddenAddress",
] as const;
export type ConnectorErrorKey = (typeof connectorErrorKeys)[number];

export type ConnectorSettings = { url: string; secret: string; connectorName: string };
export type RemoteRecord = Record<string, string>;
export type ProgressStage = "teams" | "team_leaders" | "users";

export type Connector = {
  /** One small request that proves the URL, the secret (and the AFAS connector) work. */
  test(settings: ConnectorSettings): Promise<void>;
  /**
   * Every person as a flat record, handed to `onPage` page by page as they arrive (so that the worker
   * never holds them all); `onStage` reports the import-source statuses as they pass. Resolves with the
   * number of people.
   */
  fetchPeople(
    settings: ConnectorSettings,
    onStage: (stage: ProgressStage, done: number) => Promise<void>,
    onPage: (people: RemoteRecord[]) => Promise<void>,
  ): Promise<number>;
};

/** spec §9: a remote call gives up after 60 s. Tests shorten it. */
function timeoutMs(): number {
  const value = Number(process.env.CONNECTOR_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 60_000;
}
const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;
export const MAX_REMOTE_ROWS = 100_000;

function joinUrl(base: string, path: string): URL {
  return new URL(path.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`);
}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => {});
      throw new ConnectorError("import:connector.errors.tooLarge");
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString("utf8");
}

/*
 * Addresses a connector never calls (docs/decisions/1225): this server itself (loopback, "this network") and
 * link-local ones (cloud metadata services at 169.254.169.254), multicast and broadcast. Private networks stay
 * allowed: on-premises HR systems live there. The test servers run on 127.0.0.1, so the tests (and only they)
 * set CONNECTOR_ALLOW_LOOPBACK=1.
 */
const forbidden = new BlockList();
forbidden.addSubnet("0.0.0.0", 8);
forbidden.addSubnet("169.254.0.0", 16);
forbidden.addSubnet("224.0.0.0", 4);
forbidden.addSubnet("240.0.0.0", 4);
forbidden.addAddress("::", "ipv6");
forbidden.addSubnet("fe80::", 10, "ipv6");
forbidden.addSubnet("ff00::", 8, "ipv6");
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8);
loopback.addAddress("::1", "ipv6");

function isForbiddenAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain) === 6 ? "ipv6" : "ipv4";
  if (forbidden.check(plain, family)) return true;
  return loopback.check(plain, family) && process.env.CONNECTOR_ALLOW_LOOPBACK !== "1";
}

/**
 * Refuses a URL whose host is, or resolves to, an address a connector never calls. Checked before each
 * request (a clear message, no request at all); the connection itself checks again (`connectorDispatcher`).
 */
export async function assertAllowedHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch (error) {
      throw new ConnectorError("import:connector.errors.unreachable", String(error));
    }
  }
  if (addresses.some(isForbiddenAddress)) throw new ConnectorError("import:connector.errors.forbiddenAddress");
}

/** Raised inside the connection (lookup or connect) for a refused address; fetch wraps it as its cause. */
class ForbiddenAddressError extends Error {
  readonly code = "ERR_CONNECTOR_FORBIDDEN_ADDRESS";
}

/**
 * DNS rebinding (decision 1227): the addresses are checked again where the connection is made, on the
 * addresses it connects to. A name resolving to any refused address is refused (as in `assertAllowedHost`).
 * Node's net calls the lookup with `all` (happy eyeballs) or without; both shapes are answered.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    if (addresses.length === 0 || addresses.some((a) => isForbiddenAddress(a.address)))
      return callback(new ForbiddenAddressError(hostname), "", 0);
    if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

const baseConnector = buildConnector({ lookup: guardedLookup });

/**
 * The connectors' own connection pool: an address literal is judged before connecting (net does not
 * look literals up), a name through `guardedLookup`. undici is a direct dependency for this (decision 1227).
 */
export const connectorDispatcher = new Agent({
  connect(options, callback) {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && isForbiddenAddress(host)) {
      callback(new ForbiddenAddressError(host), null);
      return;
    }
    baseConnector(options, callback);
  },
});

function isForbiddenCause(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (e instanceof ForbiddenAddressError) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Node's fetch through the connectors' dispatcher; a refused address at connect time is a ConnectorError. */
export async function connectorFetch(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, dispatcher: connectorDispatcher } as RequestInit);
  } catch (error) {
    if (isForbiddenCause(error)) throw new ConnectorError("import:connector.errors.forbiddenAddress");
    throw error;
  }
}

/** GET a JSON document; every way it can fail becomes a ConnectorError. */
export async function getJson(url: URL, headers: Record<string, string>): Promise<unknown> {
  await assertAllowedHost(url);
  let response: Response;
  try {
    response = await connectorFetch(url, {
      headers: { Accept: "application/json", ...headers },
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs()),
    });
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") throw new ConnectorError("import:connector.errors.timeout");
    throw new ConnectorError("import:connector.errors.unreachable", String(error));
  }
  let text: string;
  try {
    if (response.status === 401 || response.status === 403)
      throw new ConnectorError("import:connector.errors.unauthorised");
    if (response.status === 404) throw new ConnectorError("import:connector.errors.notFound");
    if (!response.ok) throw new ConnectorError("import:connector.errors.remote", String(response.status));
    text = await readCapped(response);
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    if (error instanceof ConnectorError) throw error;
    const name = (error as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") throw new ConnectorError("import:connector.errors.timeout");
    throw new ConnectorError("import:connector.errors.unreachable", String(error));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ConnectorError("import:connector.errors.badData");
  }
}

/** A remote value as the import stores it: text; dates as yyyy-mm-dd (the importer reads those). */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") {
    const dateTime = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?(Z|[+-]00:?00)?$/.exec(value);
    return dateTime ? dateTime[1] : value;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

function flatRecord(row: unknown): RemoteRecord {
  if (!row || typeof row !== "object" || Array.isArray(row))
    throw new ConnectorError("import:connector.errors.badData");
  const record: RemoteRecord = {};
  for (const [key, value] of Object.entries(row)) {
    const text = textOf(value);
    if (text === null) throw new ConnectorError("import:connector.errors.badData");
    record[key] = text;
  }
  return record;
}

// ---------------------------------------------------------------------------------------------------
// AFAS Profit: GetConnector (GET {environment}/connectors/{id}?skip=&take= → { skip, take, rows }),
// header "Authorization: AfasToken " + base64(token), paged until a short page.

export const AFAS_PAGE_SIZE = 500;

function afasHeaders(settings: ConnectorSettings) {
  return { Authorization: `AfasToken ${Buffer.from(settings.secret, "utf8").toString("base64")}` };
}

async function afasPage(settings: ConnectorSettings, skip: number, take: number): Promise<RemoteRecord[]> {
  const url = joinUrl(settings.url, `connectors/${encodeURIComponent(settings.connectorName)}`);
  url.searchParams.set("skip", String(skip));
  url.searchParams.set("take", String(take));
  const body = await getJson(url, afasHeaders(settings));
  const rows = (body as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new ConnectorError("import:connector.errors.badData");
  return rows.map(flatRecord);
}

export const afasConnector: Connector = {
  async test(settings) {
    await afasPage(settings, 0, 1);
  },
  async fetchPeople(settings, onStage, onPage) {
    let count = 0;
    for (let skip = 0; ; skip += AFAS_PAGE_SIZE) {
      const page = await afasPage(settings, skip, AFAS_PAGE_SIZE);
      count += page.length;
      if (count > MAX_REMOTE_ROWS) throw new ConnectorError("import:connector.errors.tooLarge");
      await onPage(page);
      await onStage("users", count);
      if (page.length < AFAS_PAGE_SIZE) return count;
    }
  },
};

// ---------------------------------------------------------------------------------------------------
// Polaris (no public API; the adapter's expected JSON is documented in decision 1222):
//   GET {url}/teams                → { "teams": [{ "id", "name", "leaderEmployeeNumber"? }] }
//   GET {url}/employees?page=N     → { "employees": [{ "employeeNumber", "firstName", …, "teamId" }],
//                                      "nextPage": N+1 | null }
// header "Authorization: Bearer " + token.

function polarisHeaders(settings: ConnectorSettings) {
  return { Authorization: `Bearer ${settings.secret}` };
}

type PolarisTeam = { id: string; name: string; leader: string };

async function polarisTeams(settings: ConnectorSettings): Promise<PolarisTeam[]> {
  const body = await getJson(joinUrl(settings.url, "teams"), polarisHeaders(settings));
  const teams = (body as { teams?: unknown } | null)?.teams;
  if (!Array.isArray(teams)) throw new ConnectorError("import:connector.errors.badData");
  return teams.map((team) => {
    const record = flatRecord(team);
    if (!record.id || !record.name) throw new ConnectorError("import:connector.errors.badData");
    return { id: record.id, name: record.name, leader: record.leaderEmployeeNumber ?? "" };
  });
}

export const polarisConnector: Connector = {
  async test(settings) {
    await polarisTeams(settings);
  },
  async fetchPeople(settings, onStage, onPage) {
    const teams = await polarisTeams(settings);
    await onStage("teams", teams.length);
    const byId = new Map(teams.map((t) => [t.id, t]));
    await onStage("team_leaders", teams.filter((t) => t.leader).length);
    let count = 0;
    let page: number | null = 1;
    const seen = new Set<number>();
    while (page !== null) {
      if (seen.has(page)) throw new ConnectorError("import:connector.errors.badData");
      seen.add(page);
      const url = joinUrl(settings.url, "employees");
      url.searchParams.set("page", String(page));
      const body = (await getJson(url, polarisHeaders(settings))) as { employees?: unknown; nextPage?: unknown } | null;
      if (!body || !Array.isArray(body.employees)) throw new ConnectorError("import:connector.errors.badData");
      const people = body.employees.map((employee) => {
        const { teamId, ...record } = flatRecord(employee);
        const team = teamId ? byId.get(teamId) : undefined;
        return { ...record, team: team?.name ?? "", teamLeader: team?.leader ?? "" };
      });
      count += people.length;
      if (count > MAX_REMOTE_ROWS) throw new ConnectorError("import:connector.errors.tooLarge");
      await onPage(people);
      await onStage("users", count);
      const next = body.nextPage;
      if (next === null || next === undefined) page = null;
      else if (typeof next === "number" && Number.isInteger(next) && next > 0) page = next;
      else throw new ConnectorError("import:connector.errors.badData");
    }
    return count;
  },
};

export const connectors: Record<ConnectorKind, Connector> = { afas: afasConnector, polaris: polarisConnector };
