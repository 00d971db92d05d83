import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ssoProviders, type SsoProvider } from "~/features/auth/sso-providers";
import { finishSsoSignIn } from "~/features/auth/sso.server";
import { requireAnonymous } from "~/utils/tenant.server";

/** /auth/azure/callback and /auth/surfconext/callback: the provider sends the browser back here with a code. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const provider = params.provider as SsoProvider;
  if (!ssoProviders.includes(provider)) throw new Response("Not found", { status: 404 });
  const result = await finishSsoSignIn(request, { provider, ip: context.clientIp });
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  if (!result.ok) {
    const code = encodeURIComponent(result.errorKey.replace("auth:sso.", ""));
    return redirect(`${result.returnTo ?? "/login"}?sso=${code}`, { headers });
  }
  return redirect(result.location, { headers });
}
