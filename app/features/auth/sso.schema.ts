import * as z from "zod";
import { lineText } from "~/utils/text-schema";

const clientId = lineText({ error: "auth:ssoConfig.errors.clientIdRequired" })
  .trim()
  .min(1, { error: "auth:ssoConfig.errors.clientIdRequired" })
  .max(200, { error: "auth:ssoConfig.errors.tooLong" });
/** Empty keeps the stored secret; the service demands one when there is none yet. */
const clientSecret = lineText()
  .max(500, { error: "auth:ssoConfig.errors.tooLong" })
  .optional()
  .transform((v) => v?.trim() ?? "");

export const azureConfigSchema = z.object({
  intent: z.literal("azure"),
  tenantId: lineText({ error: "auth:ssoConfig.errors.tenantIdInvalid" })
    .trim()
    .pipe(z.guid({ error: "auth:ssoConfig.errors.tenantIdInvalid" })),
  clientId,
  clientSecret,
});

export const surfconextConfigSchema = z.object({
  intent: z.literal("surfconext"),
  issuer: lineText({ error: "auth:ssoConfig.errors.issuerInvalid" })
    .trim()
    .pipe(z.url({ protocol: /^https$/, error: "auth:ssoConfig.errors.issuerInvalid" })),
  clientId,
  clientSecret,
});

export function ssoConfigSchemaFor(formData: FormData) {
  return formData.get("intent") === "surfconext" ? surfconextConfigSchema : azureConfigSchema;
}
