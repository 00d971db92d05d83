import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import {
  clusterLinkSchema,
  clusterRoleKeys,
  clusterSchema,
  clusterUnlinkSchema,
} from "~/features/account/account.schema";
import {
  getAccountCluster,
  linkUserToCluster,
  listAccountClusters,
  listClusterPeople,
  unlinkRole,
  updateAccountCluster,
} from "~/features/account/account-clusters.server";
import { searchAccountUsers } from "~/features/account/account-users.server";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { ListTable, Row, Section } from "~/components/ui/table";
import { ClusterForm } from "~/features/account/components/cluster-form";
import { getServerT } from "~/utils/i18n.server";
import { notFound, requireUuid } from "~/utils/not-found";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseRequestFilter, searchFilterSchema } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";

export const handle = { i18n: ["account", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const cluster = await getAccountCluster(ctx, requireUuid(params.id));
  const { q } = parseRequestFilter(searchFilterSchema, request);
  const t = await getServerT(request);
  return {
    title: `${cluster.name} · ${pageTitle(t, "account:clusters.title")}`,
    cluster,
    q,
    parents: (await listAccountClusters(ctx)).filter((c) => c.id !== cluster.id),
    people: await listClusterPeople(ctx, cluster.id),
    candidates: await searchAccountUsers(ctx, q),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "account.admin");
  const id = requireUuid(params.id);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const here = `/account/clusters/${id}`;
  switch (intent) {
    case "save": {
      const submission = parseWithZod(formData, { schema: clusterSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const result = await updateAccountCluster(ctx, id, submission.value);
      if (!result.ok) return refusal(submission, result);
      return redirectWithToast(here, { key: "account:clusters.saved" });
    }
    case "link": {
      const submission = parseWithZod(formData, { schema: clusterLinkSchema });
      if (submission.status !== "success") notFound();
      await linkUserToCluster(ctx, id, submission.value);
      return redirectWithToast(here, { key: "account:clusters.linked" });
    }
    case "unlink": {
      const submission = parseWithZod(formData, { schema: clusterUnlinkSchema });
      if (submission.status !== "success") notFound();
      await unlinkRole(ctx, id, submission.value);
      return redirectWithToast(here, { key: "account:clusters.unlinked" });
    }
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

export default function AccountClusterPage() {
  const { t } = useTranslation();
  const { cluster, parents, people, candidates, q } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-4xl">
      <p className="mb-2">
        <Link to="/account/clusters">{t("account:clusters.backToList")}</Link>
      </p>
      <h1 className="mb-4">{cluster.name}</h1>
      <ClusterForm
        formId="cluster-edit"
        parents={parents}
        defaults={cluster}
        lastResult={lastResult}
        submitLabel={t("account:clusters.save")}
      />
      <h2 className="mb-2 mt-8">{t("account:clusters.people")}</h2>
      {people.length === 0 ? (
        <p>{t("account:clusters.nobody")}</p>
      ) : (
        <ListTable
          sticky={false}
          columns={[{ label: t("account:clusters.person") }, { label: t("account:clusters.roles") }]}
        >
          {people.map((p) => (
            <Row
              key={p.membershipId}
              className="border-b align-top"
              cells={[
                <>
                  {p.name}
                  <br />
                  <span className="text-sm text-ink-muted">{p.email}</span>
                </>,
                <ul className="space-y-1">
                  {p.roles.map((role) => (
                    <li key={role}>
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="membershipId" value={p.membershipId} />
                        <input type="hidden" name="role" value={role} />
                        <span>{t(`account:roles.${role}`)}</span>
                        <Button
                          name="intent"
                          value="unlink"
                          variant="secondary"
                          className="px-2 py-0 text-sm"
                          aria-label={t("account:clusters.unlink", {
                            role: t(`account:roles.${role}`),
                            name: p.name,
                          })}
                        >
                          {t("account:clusters.unlinkShort")}
                        </Button>
                      </Form>
                    </li>
                  ))}
                </ul>,
              ]}
            />
          ))}
        </ListTable>
      )}
      <Section id="link" title={t("account:clusters.link")} className="mt-8 rounded bg-white p-6 shadow-sm">
        <FilterForm submitLabel={t("account:search")} className="flex items-end gap-2">
          <FilterSearch id="user-search" label={t("account:clusters.search")} value={q} type="text" />
        </FilterForm>
        {q && candidates.length === 0 ? <p className="mt-4">{t("account:clusters.noCandidates")}</p> : null}
        <ul className="mt-4 space-y-2">
          {candidates.map((c) => (
            <li key={c.id}>
              <Form method="post" className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="userId" value={c.id} />
                <span>
                  {c.name} ({c.email})
                </span>
                <label className="sr-only" htmlFor={`role-${c.id}`}>
                  {t("account:clusters.roleFor", { name: c.name })}
                </label>
                <select id={`role-${c.id}`} name="role" className="rounded border border-gray-400 bg-white px-2 py-1">
                  {clusterRoleKeys.map((role) => (
                    <option key={role} value={role}>
                      {t(`account:roles.${role}`)}
                    </option>
                  ))}
                </select>
                <Button
                  name="intent"
                  value="link"
                  variant="secondary"
                  aria-label={t("account:clusters.linkPerson", { name: c.name })}
                >
                  {t("account:clusters.linkShort")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
