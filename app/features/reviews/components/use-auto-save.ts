import { useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { changedFields } from "../evaluation-form";

const AUTOSAVE_SECONDS = 3;

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form))
    if (name.startsWith("score.") || name.startsWith("team.") || name === "developmentGoal" || name === "comment")
      values[name] = String(value);
  return values;
}

/**
 * The fields saved: `score.<id>` (the evaluation, and a self review's answers about yourself), `team.<id>`
 * (a self review's answers about the team), the development goal and a peer's comment.
 * With JavaScript: a change starts a countdown; at zero a fetcher sends only the fields that differ
 * from what was last saved. Leaving with unsaved changes asks first, through the one guard (spec §5).
 */
export function useAutoSave(readOnly: boolean, initial: Record<string, string>) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok?: boolean; message?: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const baseline = useRef(initial);
  const sent = useRef<Record<string, string> | null>(null);
  const submitting = useRef(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const navigation = useNavigation();

  // A full-page save (the buttons) ends with fresh loader data: that is what was saved.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (navigation.state !== "idle") return;
    submitting.current = false;
    if (sent.current === null) baseline.current = JSON.parse(initialKey) as Record<string, string>;
  }, [navigation.state, initialKey]);

  const save = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = changedFields(baseline.current, formValues(form));
    if (Object.keys(changed).length === 0) {
      setResult({ ok: true, message: t("evaluation:autosave.saved") });
      return;
    }
    sent.current = changed;
    const subjectId = (form.elements.namedItem("subjectId") as HTMLInputElement).value;
    fetcher.submit(
      { ...changed, subjectId, autosave: "1", intent: "save" },
      { method: "post", action: form.getAttribute("action") ?? undefined },
    );
  }, [fetcher, t]);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown === 0) {
      setCountdown(null);
      save();
      return;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, save]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !sent.current) return;
    const answer = fetcher.data;
    if (answer.ok) baseline.current = { ...baseline.current, ...sent.current };
    sent.current = null;
    setResult({ ok: Boolean(answer.ok), message: answer.message ?? "" });
  }, [fetcher.state, fetcher.data]);

  // The form is left out of the guard's field watch (data-unsaved-guard="off"): it is unsaved only while a
  // change waits for its countdown, is on the way, or was refused.
  const dirty = !readOnly && (countdown !== null || fetcher.state !== "idle" || (result !== null && !result.ok));
  const unsaved = useUnsavedChanges(dirty && !submitting.current);

  let status = "";
  if (countdown !== null) status = t("evaluation:autosave.in", { n: countdown });
  else if (fetcher.state !== "idle") status = t("evaluation:autosave.saving");
  else if (result) status = result.message;
  return {
    formRef,
    status,
    error: result !== null && !result.ok && countdown === null && fetcher.state === "idle",
    onChange: () => {
      if (readOnly) return;
      setResult(null);
      setCountdown(AUTOSAVE_SECONDS);
    },
    onSubmit: (_event: FormEvent<HTMLFormElement>) => {
      submitting.current = true;
      unsaved.release();
      setCountdown(null);
    },
  };
}
