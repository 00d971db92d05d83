import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { roleRightsSchema } from "~/features/settings/rights.schema";
import { listRoleRights, setRoleRights } from "~/features/settings/rights.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { assignableRights } from "~/utils/rights";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { readErrorKey } from "~/utils/error-key";
import { refusalStatus } from "~/utils/refusal.server";

export const handle = { i18n: ["settings", "rights", "account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "roles.manage");
  const t = await getServerT(request);
  const { roles, held } = await listRoleRights(ctx);
  return {
    title: pageTitle(t, "settings:rights.title"),
    clusterName: ctx.cluster.name,
    roles,
    held,
    rights: assignableRights,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "roles.manage");
  const submission = parseWithZod(await readForm(request), { schema: roleRightsSchema });
  if (submission.status !== "success") notFound();
  const { role, rights } = submission.value;
  // A refusal or a failed write comes back as that role's form, with the rights as ticked (decision 1840).
  const result = await writeOrRefuse("save", "settings", () => setRoleRights(ctx, role, rights));
  if (!result.ok) return data({ role, rights, error: result.errorKey }, { status: refusalStatus(result) });
  return redirectWithToast("/settings/rights", { key: "settings:rights.saved" });
}

export default function RightsPage() {
  const { t } = useTranslation();
  const { roles, rights, held, clusterName } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const mayGive = new Set<string>(held);
  return (
    <div className="max-w-4xl space-y-6">
      <h1>{t("settings:rights.title")}</h1>
      <p>{t("settings:rights.intro", { name: clusterName })}</p>
      {roles.map(({ role, rights: granted, locked, mayChange }) => {
        const refused = failed?.role === role ? failed : null;
        const on = new Set(refused ? refused.rights : granted);
        const fixed = new Set(locked);
        const noteId = `role-${role}-read-only`;
        return (
          <Form key={role} method="post" className="rounded bg-white p-6 shadow-sm">
            <input type="hidden" name="role" value={role} />
            {/* A role with rights the actor lacks is shown, not offered: saving it would be refused. */}
            <fieldset disabled={!mayChange} aria-describedby={mayChange ? undefined : noteId}>
              <legend className="mb-2 text-lg font-semibold">{t(`account:roles.${role}`)}</legend>
              {mayChange ? null : (
                <p id={noteId} className="mb-2 text-sm text-ink-muted">
                  {t("settings:rights.roleReadOnly")}
                </p>
              )}
              <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                {rights.map((right) => {
                  const notGivable = mayChange && !fixed.has(right) && !mayGive.has(right);
                  return (
                    <label key={right} className="flex items-center gap-2">
                      {fixed.has(right) ? <input type="hidden" name="rights" value={right} /> : null}
                      <input
                        type="checkbox"
                        name={fixed.has(right) ? undefined : "rights"}
                        value={right}
                        defaultChecked={on.has(right)}
                        disabled={fixed.has(right) || notGivable}
                        aria-describedby={fixed.has(right) ? "admin-locked" : notGivable ? "not-held" : undefined}
                      />
                      {t(`rights:${right}`)}
                    </label>
                  );
                })}
              </div>
              {refused ? (
                <p className="mt-2 font-medium text-danger">
                  {t(readErrorKey(refused.error).key, readErrorKey(refused.error).values)}
                </p>
              ) : null}
            </fieldset>
            {mayChange ? (
              <Button className="mt-4">{t("settings:rights.save", { role: t(`account:roles.${role}`) })}</Button>
            ) : null}
          </Form>
        );
      })}
      <p id="admin-locked" className="text-sm text-ink-muted">
        {t("settings:rights.adminLocked")}
      </p>
      {held.length < rights.length ? (
        <p id="not-held" className="text-sm text-ink-muted">
          {t("settings:rights.notHeldHint")}
        </p>
      ) : null}
    </div>
  );
}
