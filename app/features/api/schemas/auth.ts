import * as z from "zod";
import { apiLoginSchema } from "~/features/auth/api-sign-in.schema";
import { apiErrorSchema, apiOperation, id, isoDateTime } from "../operation";

/** GET /api/init and the `current` of a sign-in: the caller's own session (docs/decisions/1410). */
export const sessionSummarySchema = z.object({
  user: z.object({
    id: id(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    language: z.enum(["nl", "en", "de"]),
    accountAdmin: z.boolean(),
    systemAdmin: z.boolean(),
  }),
  account: z.object({ id: id(), name: z.string(), licenceStatus: z.enum(["trial", "active", "expired", "cancelled"]) }),
  cluster: z.object({ id: id(), name: z.string(), modules: z.array(z.object({ key: z.string() })) }).nullable(),
  clusters: z.array(z.object({ id: id(), name: z.string() })),
  membershipId: id().nullable(),
  roles: z.array(z.string()),
  teamRoles: z.array(z.object({ role: z.string(), teamId: id() })),
  rights: z.array(z.string()),
});

const tokenFields = {
  access_token: z.string().meta({ description: "Send as `Authorization: Bearer <token>` on every call." }),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().meta({ description: "Idle lifetime in seconds (see the token section)." }),
  expires_at: isoDateTime(),
};

export const authOperations = {
  login: apiOperation({
    operationId: "login",
    method: "post",
    path: "/api/auth/login",
    tag: "Session",
    summary: "Sign in and get a bearer token",
    description:
      "Spec §7. The same rules as the sign-in page: throttle, second factor (send the code as `code` after a " +
      "`2FA_VERIFY` answer), SSO-only and unverified accounts. A refusal is 401 with `key`: FAILED, UNVERIFIED, " +
      "SSO-ONLY, 2FA_VERIFY, 2FA_SETUP; too many attempts is 429 with the message 'Too Many Attempts.'.",
    access: "public",
    body: apiLoginSchema,
    responses: {
      200: {
        description: "Signed in.",
        schema: z.object({ ...tokenFields, current: sessionSummarySchema }),
      },
      401: {
        description: "Not signed in; `key` says why.",
        schema: apiErrorSchema.extend({ key: z.string() }),
      },
    },
  }),
  refresh: apiOperation({
    operationId: "refresh",
    method: "post",
    path: "/api/auth/refresh",
    tag: "Session",
    summary: "Exchange the token for a new one",
    description: "Spec §7. The old token stops working at once; use the new one from then on.",
    access: "signed-in",
    responses: {
      200: { description: "The new token.", schema: z.object(tokenFields) },
      400: { description: "Called with a browser session instead of a token.", schema: apiErrorSchema },
    },
  }),
  logout: apiOperation({
    operationId: "logout",
    method: "post",
    path: "/api/auth/logout",
    tag: "Session",
    summary: "End the token",
    description: "Not in spec §7 (decision 1411): the token stops working at once.",
    access: "signed-in",
    responses: {
      204: { description: "Ended." },
      400: { description: "Called with a browser session instead of a token.", schema: apiErrorSchema },
    },
  }),
  init: apiOperation({
    operationId: "getInit",
    method: "get",
    path: "/api/init",
    tag: "Session",
    summary: "The caller's session",
    access: "signed-in",
    responses: { 200: { description: "User, account, cluster and rights.", schema: sessionSummarySchema } },
  }),
};
