import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import type { PersonInput } from "~/features/employees/employees.schema";
import type { LookupResult } from "~/features/employees/employee-person.server";
import { personFieldNames, usePersonLabels } from "./person-fields";

/** The new-person wizard's confirm step: what the e-mail lookup found, and the way on (or back). */
export function ConfirmStep({ person, lookup }: { person: PersonInput; lookup: LookupResult }) {
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

/** The new-person wizard's last step: the teams of the cluster to put the new person in. */
export function TeamsStep({
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
