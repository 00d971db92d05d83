import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { ListTable, PageHeader, Row } from "~/components/ui/table";
import { ArchiveButton } from "~/features/criteria/components/fields";
import { listSets, updateSetFlag } from "~/features/criteria/criteria-sets.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { setListFilterSchema } from "~/features/criteria/criteria-list-filter";
import { parseRequestFilter } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["criteria", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "sets.manage");
  const { archived } = parseRequestFilter(setListFilterSchema, request);
  const t = await getServerT(request);
  return { title: pageTitle(t, "criteria:sets.title"), archived, sets: await listSets(ctx, { archived }) };
}

const flagSchema = z.object({
  intent: z.enum(["archive", "restore", "visible", "invisible", "active", "inactive"]),
  id: z.uuid(),
});

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "sets.manage");
  const parsed = flagSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "invalid" }, { status: 400 });
  const { intent, id } = parsed.data;
  const change =
    intent === "archive" || intent === "restore"
      ? { archived: intent === "archive" }
      : intent === "visible" || intent === "invisible"
        ? { visibleToTeamLeaders: intent === "visible" }
        : { isActive: intent === "active" };
  await writeOrRedirect("update", "set", request, () => updateSetFlag(ctx, id, change));
  const back = new URL(request.url);
  return redirectWithToast(`/criteria/sets${back.search}`, { key: `criteria:sets.${intent}Done` });
}

export default function CriteriaSetsPage() {
  const { t } = useTranslation();
  const { sets, archived } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("criteria:sets.title")}>
        <Link to="/criteria/sets/new" className="rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline">
          {t("criteria:sets.add")}
        </Link>
      </PageHeader>
      <nav aria-label={t("criteria:sets.views")} className="mt-4 flex gap-4">
        <Link to="/criteria/sets" aria-current={archived ? undefined : "page"}>
          {t("criteria:sets.activeList")}
        </Link>
        <Link to="/criteria/sets?archived=1" aria-current={archived ? "page" : undefined}>
          {t("criteria:sets.archivedList")}
        </Link>
      </nav>
      {sets.length === 0 ? (
        <p className="mt-6">{t("criteria:sets.empty")}</p>
      ) : (
        <ListTable
          className="mt-4 w-full bg-white text-left shadow-sm"
          columns={[
            { label: t("criteria:sets.name") },
            { label: t("criteria:sets.criteriaCount") },
            { label: t("criteria:sets.flex") },
            { label: t("criteria:sets.teamsCount") },
            { label: t("criteria:sets.visibility") },
            { label: t("criteria:sets.isActive") },
            { label: t("criteria:book.actions"), hidden: true },
          ]}
        >
          {sets.map((set) => (
            <Row
              key={set.id}
              className="border-b last:border-0"
              data-testid={`set-${set.name}`}
              cells={[
                <>
                  <Link to={`/criteria/sets/${set.id}`}>{set.name}</Link>
                  {set.basic ? <span className="ml-2 text-sm text-ink-muted">({t("criteria:sets.basic")})</span> : null}
                </>,
                set.criteria.length,
                set.flex,
                set.teamIds.length,
                <Form method="post">
                  <input type="hidden" name="id" value={set.id} />
                  <span className="mr-2">
                    {t(set.visibleToTeamLeaders ? "criteria:sets.visible" : "criteria:sets.invisible")}
                  </span>
                  <button
                    type="submit"
                    name="intent"
                    value={set.visibleToTeamLeaders ? "invisible" : "visible"}
                    className="underline"
                    aria-label={t(
                      set.visibleToTeamLeaders ? "criteria:sets.makeInvisibleOne" : "criteria:sets.makeVisibleOne",
                      { name: set.name },
                    )}
                  >
                    {t(set.visibleToTeamLeaders ? "criteria:sets.makeInvisible" : "criteria:sets.makeVisible")}
                  </button>
                </Form>,
                <ActiveToggle key="active" id={set.id} name={set.name} isActive={set.isActive} />,
              ]}
              actions={<ArchiveButton id={set.id} name={set.name} archived={archived} />}
            />
          ))}
        </ListTable>
      )}
    </>
  );
}

/**
 * isActive: without JavaScript a form; with JavaScript the switch flips at once, PUTs to
 * /api/criteria-sets/{id} and flips back with 'Error updating visibility' when that fails (spec §4).
 */
function ActiveToggle({ id, name, isActive }: { id: string; name: string; isActive: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  const [active, setActive] = useState(isActive);
  const [failed, setFailed] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setActive(isActive), [isActive]);

  async function toggle(event: React.MouseEvent) {
    if (!hydrated) return;
    event.preventDefault();
    const next = !active;
    setActive(next);
    setFailed(false);
    try {
      const res = await fetch(`/api/criteria-sets/${id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ isActive: next }),
      });
      if (!res.ok) throw new Error(String(res.status));
      revalidator.revalidate();
    } catch {
      setActive(!next);
      setFailed(true);
    }
  }

  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={active ? "inactive" : "active"}
        role={hydrated ? "switch" : undefined}
        aria-checked={hydrated ? active : undefined}
        aria-label={t("criteria:sets.isActiveOne", { name })}
        onClick={toggle}
        className={`rounded border px-3 py-1 ${active ? "border-success bg-success-bg text-success" : "border-gray-400 bg-white text-ink"}`}
      >
        {t(active ? "criteria:sets.active" : "criteria:sets.inactive")}
      </button>
      {failed ? (
        <p role="alert" className="mt-1 text-sm font-medium text-danger">
          {t("criteria:sets.visibilityError")}
        </p>
      ) : null}
    </Form>
  );
}
