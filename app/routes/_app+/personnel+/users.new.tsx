import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { ConfirmStep, TeamsStep } from "~/features/employees/components/new-person-steps";
import { PersonFields, personFieldNames, usePersonLabels } from "~/features/employees/components/person-fields";
import { personSchema, type PersonInput } from "~/features/employees/employees.schema";
import { runBulkAction } from "~/features/employees/employee-bulk.server";
import { listClusterOptions } from "~/features/employees/employee-list.server";
import {
  addPerson,
  getEmployee,
  lookupEmail,
  throttledLookup,
  type LookupResult,
} from "~/features/employees/employee-person.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight, type TenantContext } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";
import { personName } from "~/utils/person-name";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];
// Retry-After (429) reaches the browser only through this export.
export { ownHeaders as headers } from "~/utils/route-headers";

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
      employee: { id: employee.id, name: personName(employee.firstName, employee.lastName, employee.email) },
      teams,
    };
  }
  return { title: pageTitle(t, "employees:wizard.title"), step: "details" as const, employee: null, teams: [] };
}

type ConfirmData = { step: "confirm"; person: PersonInput; lookup: LookupResult };

/** Beyond the lookup limit (docs/decisions/1461): the details step again, with what was typed. */
function tooManyLookups(submission: { reply: (o: { formErrors: string[] }) => unknown }, retryAfter: number) {
  return data(
    { step: "details" as const, reply: submission.reply({ formErrors: ["employees:lookup.tooManyAttempts"] }) },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "details");

  switch (intent) {
    case "teams":
      return teamsStep(ctx, formData);
    case "details":
    case "back":
    case "confirm":
      return personStep(ctx, formData, intent);
    default:
      throw new Response("Bad request", { status: 400 });
  }
}

/** The last step: the new person's teams (none is fine). */
async function teamsStep(ctx: TenantContext, formData: FormData) {
  const membershipId = String(formData.get("membershipId") ?? "");
  const employee = await getEmployee(ctx, membershipId);
  const teamIds = formData.getAll("teamIds").map(String);
  if (teamIds.length > 0) await runBulkAction(ctx, { action: "assignTeams", ids: [employee.id], teamIds });
  return redirectWithToast(`/personnel/user/${employee.id}/details`, { key: "employees:wizard.done" });
}

/** The person's details: checked, then looked up ("details"), added ("confirm") or shown again ("back"). */
async function personStep(ctx: TenantContext, formData: FormData, intent: "details" | "back" | "confirm") {
  const submission = parseWithZod(formData, { schema: personSchema });
  if (submission.status !== "success")
    return data({ step: "details" as const, reply: submission.reply() }, { status: 400 });
  const person = submission.value;

  if (intent === "back") return data({ step: "details" as const, reply: submission.reply() });

  if (intent === "confirm") {
    const checked = await throttledLookup(
      ctx,
      () => addPerson(ctx, person),
      (added) => added.ok,
    );
    if (checked.limited) return tooManyLookups(submission, checked.retryAfter);
    const result = checked.value;
    if (result.ok) {
      return redirectWithToast(`/personnel/users/new?step=teams&membership=${result.membershipId}`, {
        key: `employees:wizard.saved.${result.outcome}`,
        values: { email: person.email },
      });
    }
    // The situation changed since the confirm page was shown: show it again with the new outcome.
    return data({ step: "confirm", person, lookup: await lookupEmail(ctx, person.email) } satisfies ConfirmData, {
      status: 409,
    });
  }

  const checked = await throttledLookup(
    ctx,
    () => lookupEmail(ctx, person.email),
    () => false,
  );
  if (checked.limited) return tooManyLookups(submission, checked.retryAfter);
  const lookup = checked.value;
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
