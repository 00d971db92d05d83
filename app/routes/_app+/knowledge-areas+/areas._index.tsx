import { parseWithZod } from "@conform-to/zod/v4";
import { requireModule } from "~/utils/tenant.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/confirm-dialog";
import { AreaArchiveConfirm } from "~/features/knowledge-areas/components/area-archive-confirm";
import { Button } from "~/components/ui/forms";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import {
  listManagedAreas,
  assertManagesKnowledgeAreas,
  restoreArea,
} from "~/features/knowledge-areas/knowledge-areas-admin.server";
import { restoreAreaSchema } from "~/features/knowledge-areas/knowledge-areas.schema";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

/**
 * The cluster's knowledge areas (docs/decisions/1320): add one, rename and archive each area in use, bring an archived
 * one back. knowledgeArea.manage with teams.manage (the areas are shared by every team's card).
 */
export const handle = { i18n: ["knowledge-areas", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  const t = await getServerT(request);
  return { title: pageTitle(t, "knowledge-areas:areas.title"), areas: await listManagedAreas(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await assertManagesKnowledgeAreas(
    await requireModule(request, "knowledge-areas", "knowledgeArea.manage"),
  );
  const submission = parseWithZod(await readForm(request), { schema: restoreAreaSchema });
  if (submission.status !== "success")
    return data({ id: null, error: "knowledge-areas:areas.noArea" }, { status: 400 });
  const result = await writeOrRedirect("update", "knowledgeArea", request, () => restoreArea(ctx, submission.value.id));
  if (!result.ok) return data({ id: submission.value.id, error: result.errorKey }, { status: 400 });
  return redirectWithToast("/knowledge-areas/areas", { key: "knowledge-areas:areas.restored" });
}

export default function KnowledgeAreasPage() {
  const { t } = useTranslation();
  const { areas } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const inUse = areas.filter((a) => !a.archived);
  const archived = areas.filter((a) => a.archived);
  return (
    <div className="max-w-5xl">
      <p className="mb-2">
        <Link to="/knowledge-areas/teams">{t("knowledge-areas:teams.backToList")}</Link>
      </p>
      <PageHeader title={t("knowledge-areas:areas.title")}>
        <Link to="/knowledge-areas/areas/new" className="rounded bg-brand-700 px-4 py-2 text-white no-underline">
          {t("knowledge-areas:areas.addTitle")}
        </Link>
      </PageHeader>
      <p className="mb-4 mt-2 max-w-3xl">{t("knowledge-areas:areas.intro")}</p>
      {failed && !failed.id ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(failed.error)}
        </p>
      ) : null}
      {inUse.length === 0 ? (
        <p>{t("knowledge-areas:areas.none")}</p>
      ) : (
        <ListTable
          caption={t("knowledge-areas:areas.title")}
          columns={[
            { label: t("knowledge-areas:card.area") },
            { label: t("knowledge-areas:areas.description") },
            { label: t("knowledge-areas:areas.teams") },
            { label: t("knowledge-areas:areas.actions"), hidden: true },
          ]}
        >
          {inUse.map((area) => (
            <Row
              key={area.id}
              cells={[
                area.name,
                area.description,
                area.teams,
                <span key="actions" className="flex flex-wrap gap-4">
                  <Link
                    to={`/knowledge-areas/areas/${area.id}/edit`}
                    aria-label={t("knowledge-areas:areas.editOf", { name: area.name })}
                  >
                    {t("knowledge-areas:areas.edit")}
                  </Link>
                  <ConfirmLink
                    href={`/knowledge-areas/areas/${area.id}/archive`}
                    aria-label={t("knowledge-areas:areas.archiveOf", { name: area.name })}
                    label={t("knowledge-areas:areas.archive")}
                    title={t("knowledge-areas:areas.archiveHeading", { name: area.name })}
                  >
                    <AreaArchiveConfirm area={area} />
                  </ConfirmLink>
                </span>,
              ]}
            />
          ))}
        </ListTable>
      )}
      <section aria-labelledby="archived-heading" className="mt-8">
        <h2 id="archived-heading" className="text-xl font-semibold">
          {t("knowledge-areas:areas.archivedTitle")}
        </h2>
        {archived.length === 0 ? (
          <p className="mt-2">{t("knowledge-areas:areas.noneArchived")}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {archived.map((area) => (
              <li key={area.id} className="rounded bg-white p-3 shadow-sm">
                <Form method="post" className="flex flex-wrap items-center gap-4">
                  <span className="font-medium">{area.name}</span>
                  <span className="text-ink-muted">{t("knowledge-areas:areas.teamsCount", { count: area.teams })}</span>
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="id" value={area.id} />
                  <Button
                    variant="secondary"
                    aria-label={t("knowledge-areas:areas.restoreOf", { name: area.name })}
                    aria-describedby={failed?.id === area.id ? `restore-error-${area.id}` : undefined}
                  >
                    {t("knowledge-areas:areas.restore")}
                  </Button>
                </Form>
                {failed?.id === area.id ? (
                  <p id={`restore-error-${area.id}`} role="alert" className="mt-2 font-medium text-danger">
                    {t(failed.error, { name: area.name })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
