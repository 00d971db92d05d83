import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListTable, PageHeader, Row, Section } from "~/components/ui/table";
import { ScoreForm, GapText } from "~/features/competences/components/score-form";
import { scoreSchema } from "~/features/competences/competences.schema";
import { getPersonScores, removeScore, setScore } from "~/features/competences/scores.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { requireModule } from "~/utils/tenant.server";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { refusalStatus } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["competences", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competence_reviews.manage");
  const page = await getPersonScores(ctx, params.id ?? "");
  const t = await getServerT(request);
  return { title: `${page.person.name} · ${t("competences:scores.title")} · ${t("common:appName")}`, ...page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "competences", "competence_reviews.manage");
  const membershipId = params.id ?? "";
  const form = Object.fromEntries(await readForm(request));
  const parsed = scoreSchema.safeParse(form);
  const competenceId = String(form.competenceId ?? "");
  if (!parsed.success) {
    return data(
      { competenceId, level: String(form.level ?? ""), errorKey: "competences:levels.outside" },
      { status: 400 },
    );
  }
  const { intent } = parsed.data;
  // A write that fails past its checks comes back next to the score, with the level chosen (decision 1840).
  const result = await writeOrRefuse("save", "score", () =>
    intent === "score"
      ? setScore(ctx, { membershipId, competenceId, level: parsed.data.level })
      : removeScore(ctx, { membershipId, competenceId }),
  );
  if (!result.ok) {
    const level = "writeFailed" in result ? String(form.level ?? "") : "";
    return data({ competenceId, level, errorKey: result.errorKey }, { status: refusalStatus(result) });
  }
  return redirectWithToast(`/competences/scores/users/${membershipId}`, {
    key: intent === "score" ? "competences:scores.saved" : "competences:scores.removed",
  });
}

export default function PersonScoresPage() {
  const { t } = useTranslation();
  const { person, lines, history } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const level = (n: number | null) => (n === null ? "–" : `${n} ${t(`competences:levels.${n}`)}`);
  return (
    <>
      <p>
        <Link to="/competences/scores">{t("competences:scores.back")}</Link>
      </p>
      <PageHeader title={person.name} />
      <p className="mt-1 text-ink-muted">
        {person.positions.length > 0
          ? t("competences:scores.positionsOf", { names: person.positions.join(", ") })
          : t("competences:scores.noPosition")}
      </p>
      {lines.length === 0 ? (
        <p className="mt-6">{t("competences:scores.nothingLinked")}</p>
      ) : (
        <ListTable
          caption={t("competences:scores.actualVsRequired", { name: person.name })}
          className="mt-4 w-full bg-white text-left shadow-sm"
          columns={[
            { label: t("competences:scores.competence") },
            { label: t("competences:scores.required") },
            { label: t("competences:scores.actual") },
            { label: t("competences:scores.gap") },
            { label: t("competences:scores.givenBy") },
          ]}
        >
          {lines.map((line) => (
            <Row
              key={line.competenceId}
              data-testid={`score-${line.competenceId}`}
              cells={[
                <span key="n">
                  {line.name}
                  <span className="block text-sm text-ink-muted">{t(`competences:type.${line.type}`)}</span>
                </span>,
                level(line.required),
                <ScoreForm
                  key="f"
                  competenceId={line.competenceId}
                  competenceName={line.name}
                  actual={line.actual}
                  givenByMe={line.givenByMe}
                  failed={failed?.competenceId === line.competenceId ? failed : null}
                />,
                <GapText key="g" gap={line.gap} status={line.status} />,
                line.givenByName ? `${line.givenByName}, ${formatDate(line.givenAt)}` : "–",
              ]}
            />
          ))}
        </ListTable>
      )}
      <Section id="history" title={t("competences:scores.history")} className="mt-6 rounded bg-white p-4 shadow-sm">
        {history.length === 0 ? (
          <p>{t("competences:scores.noHistory")}</p>
        ) : (
          <ListTable
            caption={t("competences:scores.history")}
            columns={[
              { label: t("competences:scores.date") },
              { label: t("competences:scores.competence") },
              { label: t("competences:scores.level") },
              { label: t("competences:scores.givenBy") },
              { label: t("competences:scores.status") },
            ]}
          >
            {history.map((h, i) => (
              <Row
                key={i}
                cells={[
                  formatDate(h.givenAt),
                  h.competence,
                  level(h.level),
                  h.givenByName ?? "–",
                  t(h.current ? "competences:scores.current" : "competences:scores.earlier"),
                ]}
              />
            ))}
          </ListTable>
        )}
      </Section>
    </>
  );
}
