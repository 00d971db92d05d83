import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { listCompetenceSets, setCompetenceSetArchived } from "~/features/competences/competence-sets.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** Competence sets (decision 1412): the active or archived ones, each with its competences. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const archived = new URL(request.url).searchParams.get("archived") === "1";
  const t = await getServerT(request);
  return {
    title: pageTitle(t, "competences:sets.title"),
    archived,
    sets: await listCompetenceSets(ctx, { archived }),
  };
}

const archiveSchema = z.object({ intent: z.enum(["archive", "restore"]), id: z.uuid() });

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competences.manage");
  const parsed = archiveSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  const { intent, id } = parsed.data;
  await writeOrRedirect("update", "set", request, () => setCompetenceSetArchived(ctx, id, intent === "archive"));
  return redirectWithToast(intent === "archive" ? "/competences/sets" : "/competences/sets?archived=1", {
    key: `competences:sets.${intent}d`,
  });
}

export default function CompetenceSetsPage() {
  const { t } = useTranslation();
  const { sets, archived } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("competences:sets.title")}>
        <Link to="/competences/sets/new" className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
          {t("competences:sets.add")}
        </Link>
      </PageHeader>
      <p className="mt-2 max-w-3xl text-ink-muted">{t("competences:sets.intro")}</p>
      <nav aria-label={t("competences:sets.views")} className="mt-4 flex gap-4">
        <Link to="/competences/sets" aria-current={archived ? undefined : "page"}>
          {t("competences:sets.activeList")}
        </Link>
        <Link to="/competences/sets?archived=1" aria-current={archived ? "page" : undefined}>
          {t("competences:sets.archivedList")}
        </Link>
      </nav>
      {sets.length === 0 ? (
        <p className="mt-6">{t(archived ? "competences:sets.emptyArchived" : "competences:sets.empty")}</p>
      ) : (
        <ListTable
          caption={t("competences:sets.title")}
          className="mt-4 w-full bg-white text-left shadow-sm"
          columns={[
            { label: t("competences:sets.name") },
            { label: t("competences:sets.competences") },
            { label: t("competences:sets.actions"), hidden: true },
          ]}
        >
          {sets.map((set) => (
            <Row
              key={set.id}
              className="border-b last:border-0"
              data-testid={`competence-set-${set.name}`}
              cells={[
                <>
                  <Link to={`/competences/sets/${set.id}`}>{set.name}</Link>
                  {set.description ? <p className="text-sm text-ink-muted">{set.description}</p> : null}
                </>,
                set.competences.join(", "),
              ]}
              actions={
                <div className="flex flex-wrap gap-4">
                  {archived ? null : (
                    <Link
                      to={`/competences/sets/${set.id}/apply`}
                      aria-label={t("competences:sets.applyOne", { name: set.name })}
                    >
                      {t("competences:sets.apply")}
                    </Link>
                  )}
                  <Form method="post">
                    <input type="hidden" name="id" value={set.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={archived ? "restore" : "archive"}
                      className="underline"
                      aria-label={t(archived ? "competences:sets.restoreOne" : "competences:sets.archiveOne", {
                        name: set.name,
                      })}
                    >
                      {t(archived ? "competences:sets.restore" : "competences:sets.archive")}
                    </button>
                  </Form>
                </div>
              }
            />
          ))}
        </ListTable>
      )}
    </>
  );
}
