import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { ListTable, Row } from "~/components/ui/table";
import { adminSchema } from "~/features/account/account.schema";
import { listAccountUsers, setAccountAdmin } from "~/features/account/account-users.server";
import { getServerT } from "~/utils/i18n.server";
import { notFound } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ACCOUNT_USERS_PAGE_SIZE } from "~/features/account/list-sizes";
import { accountUserListFilterSchema } from "~/features/account/account-list-filter";
import { parseRequestFilter } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["account"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const { page, q } = parseRequestFilter(accountUserListFilterSchema, request);
  const t = await getServerT(request);
  return {
    // The page size travels in loader data: a constant from a .server module is undefined in the browser.
    pageSize: ACCOUNT_USERS_PAGE_SIZE,
    title: pageTitle(t, "account:users.title"),
    page,
    q,
    me: ctx.user.id,
    ...(await listAccountUsers(ctx, { page, q })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: adminSchema });
  if (submission.status !== "success" || (intent !== "addAdmin" && intent !== "removeAdmin")) notFound();
  const result = await setAccountAdmin(ctx, submission.value.userId, intent === "addAdmin");
  const back = new URL(request.url);
  const toast = result.ok
    ? { key: intent === "addAdmin" ? "account:users.adminAdded" : "account:users.adminRemoved" }
    : { type: "error" as const, key: result.errorKey };
  return redirectWithToast(`/account/users${back.search}`, toast);
}

export default function AccountUsersPage() {
  const { t } = useTranslation();
  const { users, total, page, pageSize, q } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <h1 className="mb-4">{t("account:users.title")}</h1>
      <FilterForm submitLabel={t("account:search")} className="mb-4 flex items-end gap-2">
        <FilterSearch id="account-user-search" label={t("account:users.search")} value={q} type="text" />
      </FilterForm>
      <ListTable
        columns={[
          { label: t("account:users.name") },
          { label: t("account:users.email") },
          { label: t("account:users.clusters") },
          { label: t("account:users.admin") },
        ]}
      >
        {users.map((u) => (
          <Row
            key={u.id}
            cells={[
              u.name,
              u.email,
              u.clusters.join(", "),
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="userId" value={u.id} />
                {u.isAccountAdmin ? (
                  <>
                    <span>{t("account:users.isAdmin")}</span>
                    <Button name="intent" value="removeAdmin" variant="secondary" className="px-2 py-0 text-sm">
                      {t("account:users.removeShort")}
                      {/* The name for screen readers after the visible text, so the button's name holds that text
                            (WCAG 2.5.3, axe label-content-name-mismatch). */}
                      <span className="sr-only">: {u.name}</span>
                    </Button>
                  </>
                ) : (
                  <Button name="intent" value="addAdmin" variant="secondary" className="px-2 py-0 text-sm">
                    {t("account:users.addShort")}
                    <span className="sr-only">: {u.name}</span>
                  </Button>
                )}
              </Form>,
            ]}
          />
        ))}
      </ListTable>
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}
