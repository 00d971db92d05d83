/**
 * One upload limit (issue 32, docs/decisions/1451): the HTTP edge and the import share MAX_UPLOAD_BYTES,
 * tested over a real socket through server/app.ts, as a browser uploads. The edge once capped every
 * multipart body at 1 MB, so a 2 MB personnel spreadsheet was refused with 413.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { importFiles, imports } from "#db/schema";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_REQUEST_BYTES } from "~/features/imports/upload-limits";
import { startApp, type RunningApp } from "../support/app-server";
import { rowsXlsx } from "../support/crafted-xlsx";
import { orgWorld } from "../support/org";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let app: RunningApp;
let w: Awaited<ReturnType<typeof orgWorld>>;

// Building the app from its sources takes a while on a loaded machine.
beforeAll(async () => {
  app = await startApp();
  w = await orgWorld();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const boundary = "----upload-test-boundary";

/** A multipart body as a browser sends the upload form: one part, the file. */
function multipart(fileName: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

function post(pathname: string, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${app.url}${pathname}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(body.length),
          Cookie: w.cookie,
          Origin: app.url,
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    // A server that refuses early may close while the body still goes out: its answer has arrived by then.
    request.on("error", reject);
    request.end(body);
  });
}

/** The import an upload created, from the redirect to its wizard. */
async function createdImport(answer: Answer) {
  expect(answer.status).toBe(302);
  const id = /^\/import\/excel\/([0-9a-f-]{36})$/.exec(answer.headers.location ?? "")?.[1];
  expect(id).toBeDefined();
  const [row] = await getDb()
    .select({ fileName: imports.fileName, status: imports.status, bytes: importFiles.data })
    .from(imports)
    .innerJoin(importFiles, eq(importFiles.importId, imports.id))
    .where(eq(imports.id, id!));
  return { fileName: row.fileName, status: row.status, size: row.bytes.length };
}

/** A personnel export as HR systems write it: the columns such an export carries, a row per person. */
function hrExport(people: number): Buffer {
  const columns = [
    "Personeelsnummer",
    "Voornaam",
    "Tussenvoegsel",
    "Achternaam",
    "E-mail",
    "Geboortedatum",
    "Geslacht",
    "Team",
    "Afdeling",
    "Functie",
    "Leidinggevende",
    "FTE",
    "Datum in dienst",
    "Contract tot",
    "Telefoon",
    "Adres",
    "Postcode",
    "Woonplaats",
    "Kostenplaats",
    "IBAN",
  ];
  const person = (i: number) => [
    String(100000 + i),
    `Voornaam${i}`,
    i % 4 === 0 ? "van der" : "",
    `Achternaam${i}`,
    `medewerker.${i}@organisatie-${w.cluster.id.slice(0, 8)}.nl`,
    `${1 + (i % 28)}-${1 + (i % 12)}-${1960 + (i % 40)}`,
    i % 2 === 0 ? "V" : "M",
    `Team ${i % 400}`,
    `Afdeling ${i % 40}`,
    `Functie ${i % 120}`,
    `Leider ${i % 400}`,
    String(0.5 + (i % 6) / 10),
    `01-${1 + ((i * 7) % 12)}-${2000 + (i % 25)}`,
    `01-${1 + (i % 12)}-2027`,
    `06-${String(10_000_000 + i * 7).slice(0, 8)}`,
    `Straatweg ${i % 300} ${i}`,
    `${1000 + (i % 9000)} AB`,
    `Plaats ${i % 500}`,
    `KP-${i % 250}`,
    `NL${String(10 + (i % 89))}BANK0${String(100_000_000 + i * 13).slice(0, 9)}`,
  ];
  return rowsXlsx(columns, people, person);
}

/** A CSV file of exactly `bytes` bytes: a header and one person, padded in a note. */
function csvOfSize(bytes: number): Buffer {
  const head = "Personeelsnummer;Voornaam;Achternaam;E-mail;Notitie\r\n1;Anna;Jansen;anna@csv.test;";
  const file = Buffer.alloc(bytes, "n");
  file.write(head);
  return file;
}

describe("one upload limit for the edge and the import", () => {
  it("takes a real HR export of 10,000 people (1–2 MB) over HTTP and creates the import", async () => {
    const file = hrExport(10_000);
    expect(file.length).toBeGreaterThan(1024 * 1024);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const created = await createdImport(await post("/import", multipart("medewerkers.xlsx", file)));
    expect(created).toEqual({ fileName: "medewerkers.xlsx", status: "parsing", size: file.length });
  }, 60_000);

  it("takes a file of exactly the limit; one byte more gets the page's message, not the edge's 413", async () => {
    const atLimit = await createdImport(await post("/import", multipart("precies.csv", csvOfSize(MAX_UPLOAD_BYTES))));
    expect(atLimit).toMatchObject({ fileName: "precies.csv", size: MAX_UPLOAD_BYTES });

    const over = await post("/import", multipart("te-groot.csv", csvOfSize(MAX_UPLOAD_BYTES + 1)));
    expect(over.status).toBe(200);
    expect(over.body).toContain("Het bestand is groter dan 20 MB.");
  }, 120_000);

  it("refuses a body past the upload's request limit at the edge, and keeps 1 MB for multipart elsewhere", async () => {
    const tooBig = Buffer.alloc(MAX_UPLOAD_REQUEST_BYTES + 1, "a");
    const atImport = await post("/import", tooBig).catch(() => ({ status: -1, headers: {}, body: "" }));
    expect(atImport.status).toBe(413);
    const elsewhere = await post("/login", multipart("x.csv", Buffer.alloc(2 * 1024 * 1024, "a"))).catch(() => ({
      status: -1,
      headers: {},
      body: "",
    }));
    expect(elsewhere.status).toBe(413);
  }, 60_000);

  it("takes a CSV of 40,000 rows, whose line ends once overflowed the multipart parser's stack", async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `${i};Naam${i};Achter${i};p${i}@lines.test`);
    const file = Buffer.from(["Personeelsnummer;Voornaam;Achternaam;E-mail", ...rows].join("\r\n"));
    const created = await createdImport(await post("/import", multipart("regels.csv", file)));
    expect(created).toMatchObject({ fileName: "regels.csv", size: file.length });
  }, 60_000);
});
