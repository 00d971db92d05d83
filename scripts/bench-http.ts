/** What the benches share over HTTP: waiting for a server, signing in through the real form, and measuring a page. */
import autocannon from "autocannon";
import { LARGE_HR_EMAIL, LARGE_HR_PASSWORD } from "../seed/large";

export async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs in through the real /login form and returns the session cookie. */
export async function signIn(base: string, email = LARGE_HR_EMAIL): Promise<string> {
  const form = await fetch(`${base}/login`);
  if (!form.ok) throw new Error(`GET /login: ${form.status}`);
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ email, password: LARGE_HR_PASSWORD, redirectTo: "" }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`POST /login: expected a redirect with a cookie, got ${response.status}`);
  }
  return cookies.join("; ");
}

export type Measurement = { rps: number; p50: number; p95: number; p99: number; requests: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measure(
  url: string,
  cookie: string,
  duration: number,
  connections = Number(process.env.BENCH_CONNECTIONS ?? 16),
): Promise<Measurement> {
  const latencies: number[] = [];
  let bad = 0;
  const instance = autocannon({ url, connections, duration, headers: { cookie } });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) bad += 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors: bad + result.errors + result.timeouts,
  };
}
