import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { Button } from "~/components/ui/forms";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { ListTable, Row } from "~/components/ui/table";
import { loginAsFromPicker, searchUsersForLoginAs } from "~/features/auth/login-as.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireSystemAdmin } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { LOGIN_AS_PAGE_SIZE } from "~/features/auth/list-sizes";
import { loginAsFilterSchema } from "~/features/account/account-list-filter";
import { parseRequestFilter } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["account", "signup"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireSystemAdmin(request);
  const { page, q } = parseRequestFilter(loginAsFilterSchema, request);
  const t = await getServerT(request);
  return {
    // The page size travels in loader data: a constant from a .server module is undefined in the browser.
    pageSize: LOGIN_AS_PAGE_SIZE,
    title: pageTitle(t, "account:loginAs.title"),
    page,
    q,
    ...(await searchUsersForLoginAs(ctx, { q, page })),
  };
}

const pickSchema = z.object({ userId: z.uuid() });

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireSystemAdmin(request);
  const parsed = pickSchema.safeParse(Object.fromEntries(await readForm(request)));
  const result = parsed.success
    ? await loginAsFromPicker(request, ctx, { userId: parsed.data.userId, ip: context.clientIp })
    : { ok: false as const };
  if (!result.ok) {
    const back = new URL(request.url);
    return redirectWithToast(`/system/login-as${back.search}`, { type: "error", key: "account:loginAs.failed" });
  }
  return redirect("/dashboard", { headers: { "Set-Cookie": result.setCookie } });
}

export default function SystemLoginAsPage() {
  const { t } = useTranslation();
  const { users, total, page, pageSize, q } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <h1 className="mb-2">{t("account:loginAs.title")}</h1>
      <p className="mb-4">{t("account:loginAs.intro")}</p>
      <FilterForm submitLabel={t("account:search")} className="mb-4 flex items-end gap-2">
        <FilterSearch id="login-as-search" label={t("account:loginAs.search")} value={q} type="search" />
      </FilterForm>
      {users.length === 0 ? (
        <p>{t("account:loginAs.empty")}</p>
      ) : (
        <ListTable
          columns={[
            { label: t("account:loginAs.name") },
            { label: t("account:loginAs.email") },
            { label: t("account:loginAs.account") },
            { label: t("account:loginAs.actions"), hidden: true },
          ]}
        >
          {users.map((u) => (
            <Row
              key={u.id}
              cells={[
                u.name,
                u.email,
                u.account,
                <Form method="post">
                  <input type="hidden" name="userId" value={u.id} />
                  <Button
                    variant="secondary"
                    className="px-2 py-0 text-sm"
                    aria-label={t("account:loginAs.submitFor", { name: u.name, email: u.email })}
                  >
                    {t("account:loginAs.submit")}
                  </Button>
                </Form>,
              ]}
            />
          ))}
        </ListTable>
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}
