import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";

process.env.SESSION_SECRET ??= "integration-test-secret";

export const BASE = "http://localhost";

export function context(ip = "203.0.113.7"): AppLoadContext {
  return { cspNonce: "", requestId: "test", clientIp: ip };
}

export function formRequest(path: string, fields: Record<string, string>, cookie?: string): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(BASE + path, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(BASE + path, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The cookie pair ("name=value") a response sets, ready to send back. */
export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie");
  if (!setCookie) throw new Error("response sets no cookie");
  return setCookie.split(";")[0];
}

/** Runs a loader or action and returns what it returned or threw (Remix treats thrown responses as answers). */
export async function run<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export type LoaderArgs = LoaderFunctionArgs;
export type ActionArgs = ActionFunctionArgs;

/** Remix's data() result: { type: "DataWithResponseInit", data, init }. */
export function unwrapData(result: unknown): { data: unknown; status: number; headers: Headers } {
  const value = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value && value.type === "DataWithResponseInit") {
    return { data: value.data, status: value.init?.status ?? 200, headers: new Headers(value.init?.headers) };
  }
  return { data: result, status: 200, headers: new Headers() };
}
