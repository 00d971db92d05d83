import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { PersonFields, personFieldNames, usePersonLabels } from "~/features/employees/components/person-fields";
import { personSchema, type PersonInput } from "~/features/employees/employees.schema";
import { runBulkAction } from "~/features/employees/employee-bulk.server";
import { listClusterOptions } from "~/features/employees/employee-list.server";
import { addPerson, getEmployee, lookupEmail, type LookupResult } from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/**
 * The new-person wizard: details → confirm → select teams. Each step is a form POST; the details travel
 * in hidden fields and the lookup runs again on confirm, so nothing from the page is trusted.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const url = new URL(request.url);
  const t = await getServerT(request);
  const membershipId = url.searchParams.get("membership");
  if (url.searchParams.get("step") === "teams" && membershipId) {
    const employee = await getEmployee(ctx, membershipId);
    const { teams } = await listClusterOptions(ctx);
    return {
      title: pageTitle(t, "employees:wizard.teamsTitle"),
      step: "teams" as const,
      employee: { id: employee.id, name: `${employee.firstName} ${employee.lastName}`.trim() || employee.email },
      teams,
    };
  }
  return { title: pageTitle(t, "employees:wizard.title"), step: "details" as const, employee: null, teams: [] };
}

type ConfirmData = { step: "confirm"; person: PersonInput; lookup: LookupResult };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "details");

  if (intent === "teams") {
    const membershipId = String(formData.get("membershipId") ?? "");
    const employee = await getEmployee(ctx, membershipId);
    const teamIds = formData.getAll("teamIds").map(String);
    if (teamIds.length > 0) await runBulkAction(ctx, { action: "assignTeams", ids: [employee.id], teamIds });
    return redirect(`/personnel/user/${employee.id}/details`, {
      headers: { "Set-Cookie": await createToastHeader({ key: "employees:wizard.done" }) },
    });
  }

  const submission = parseWithZod(formData, { schema: personSchema });
  if (submission.status !== "success")
    return data({ step: "details" as const, reply: submission.reply() }, { status: 400 });
  const person = submission.value;

  if (intent === "back") return data({ step: "details" as const, reply: submission.reply() });

  if (intent === "confirm") {
    const result = await addPerson(ctx, person);
    if (result.ok) {
      return redirect(`/personnel/users/new?step=teams&membership=${result.membershipId}`, {
        headers: {
          "Set-Cookie": await createToastHeader({
            key: `employees:wizard.saved.${result.outcome}`,
            values: { email: person.email },
          }),
        },
      });
    }
    // The situation changed since the confirm page was shown: show it again with the new outcome.
    return data({ step: "confirm", person, lookup: await lookupEmail(ctx, person.email) } satisfies ConfirmData, {
      status: 409,
    });
  }

  const lookup = await lookupEmail(ctx, person.email);
  if (lookup.outcome === "foundOtherAccount") {
    return data(
      {
        step: "details" as const,
        reply: submission.reply({ fieldErrors: { email: ["employees:lookup.foundOtherAccount"] } }),
      },
      { status: 400 },
    );
  }
  return data({ step: "confirm", person, lookup } satisfies ConfirmData);
}

export default function NewPersonPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const step = actionData?.step ?? loaderData.step;
  const steps = ["details", "confirm", "teams"] as const;
  return (
    <div className="max-w-2xl">
      <h1 className="mb-2">{t("employees:wizard.title")}</h1>
      <ol className="mb-6 flex gap-4 text-sm" aria-label={t("employees:wizard.stepsLabel")}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? "step" : undefined}
            className={s === step ? "font-semibold" : "text-ink-muted"}
          >
            {i + 1}. {t(`employees:wizard.steps.${s}`)}
          </li>
        ))}
      </ol>
      {step === "teams" && loaderData.employee ? (
        <TeamsStep employee={loaderData.employee} teams={loaderData.teams} />
      ) : actionData && actionData.step === "confirm" ? (
        <ConfirmStep person={actionData.person} lookup={actionData.lookup} />
      ) : (
        <DetailsStep />
      )}
    </div>
  );
}

function DetailsStep() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && actionData.step === "details" ? actionData.reply : undefined;
  const labels = usePersonLabels();
  const [form, fields] = useForm({
    id: "new-person",
    lastResult,
    defaultValue: { language: "nl", loginType: "email" },
    constraint: getZodConstraint(personSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personSchema }),
  });
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={personFieldNames.map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="details" />
        <PersonFields fields={fields} />
        <Button>{t("employees:wizard.next")}</Button>
      </Form>
    </>
  );
}

function ConfirmStep({ person, lookup }: { person: PersonInput; lookup: LookupResult }) {
  const { t } = useTranslation();
  const labels = usePersonLabels();
  const { outcome } = lookup;
  const canProceed =
    outcome === "notFound" ||
    outcome === "foundNotMember" ||
    outcome === "foundMemberInactive" ||
    (outcome === "foundActiveElsewhere" && lookup.canConnect);
  const messageKey =
    outcome === "foundActiveElsewhere"
      ? `employees:lookup.foundActiveElsewhere.${lookup.canConnect ? "canConnect" : "supervisor"}`
      : `employees:lookup.${outcome}`;
  const submitKey = outcome === "notFound" ? "create" : outcome === "foundMemberInactive" ? "activate" : "connect";
  const hidden = personFieldNames.map((name) => (
    <input key={name} type="hidden" name={name} value={person[name] ?? ""} />
  ));
  return (
    <div className="rounded bg-white p-6 shadow-sm">
      <div
        role={canProceed ? "status" : "alert"}
        data-testid="lookup-outcome"
        data-outcome={outcome}
        className={`mb-4 rounded border-2 p-3 font-medium ${canProceed ? "border-brand-700" : "border-danger bg-danger-bg text-danger"}`}
      >
        {t(messageKey, { email: person.email })}
      </div>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {personFieldNames
          .filter((n) => person[n])
          .map((n) => (
            <div key={n} className="contents">
              <dt className="font-medium">{labels[n]}</dt>
              <dd>{person[n]}</dd>
            </div>
          ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {canProceed ? (
          <Form method="post">
            {hidden}
            <input type="hidden" name="intent" value="confirm" />
            <Button>{t(`employees:wizard.submit.${submitKey}`)}</Button>
          </Form>
        ) : null}
        {outcome === "foundMemberActive" && lookup.membershipId ? (
          <Link to={`/personnel/user/${lookup.membershipId}/details`}>{t("employees:wizard.openEmployee")}</Link>
        ) : null}
        {outcome === "foundTrashedInAccount" ? (
          <Link to={`/personnel/users/removed?q=${encodeURIComponent(person.email)}`}>
            {t("employees:wizard.toRemoved")}
          </Link>
        ) : null}
        <Form method="post">
          {hidden}
          <input type="hidden" name="intent" value="back" />
          <Button variant="secondary">{t("employees:wizard.back")}</Button>
        </Form>
      </div>
    </div>
  );
}

function TeamsStep({
  employee,
  teams,
}: {
  employee: { id: string; name: string };
  teams: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="rounded bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="teams" />
      <input type="hidden" name="membershipId" value={employee.id} />
      <fieldset>
        <legend className="mb-2 font-semibold">{t("employees:wizard.teamsLegend", { name: employee.name })}</legend>
        {teams.length === 0 ? <p>{t("employees:wizard.noTeams")}</p> : null}
        <ul className="mb-4 space-y-1">
          {teams.map((team) => (
            <li key={team.id}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="teamIds" value={team.id} />
                {team.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex items-center gap-3">
        <Button>{t("employees:wizard.finish")}</Button>
        <Link to={`/personnel/user/${employee.id}/details`}>{t("employees:wizard.skipTeams")}</Link>
      </div>
    </Form>
  );
}
