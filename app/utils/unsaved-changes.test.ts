import { describe, expect, it } from "vitest";
import { createUnsavedStore, isEditableControl, isGuardedForm, leavesPage } from "./unsaved-changes";

function form(invalid = false) {
  return {
    isConnected: true,
    querySelector: (selector: string) => (invalid && selector.includes("aria-invalid") ? {} : null),
  };
}

describe("the unsaved-changes rules", () => {
  it("watches fields the user fills in, not buttons or hidden values", () => {
    expect(isEditableControl({ tagName: "INPUT", type: "text" })).toBe(true);
    expect(isEditableControl({ tagName: "TEXTAREA" })).toBe(true);
    expect(isEditableControl({ tagName: "SELECT" })).toBe(true);
    expect(isEditableControl({ tagName: "INPUT", type: "checkbox" })).toBe(true);
    expect(isEditableControl({ tagName: "INPUT", type: "hidden" })).toBe(false);
    expect(isEditableControl({ tagName: "INPUT", type: "submit" })).toBe(false);
    expect(isEditableControl({ tagName: "INPUT", type: "text", readOnly: true })).toBe(false);
    expect(isEditableControl({ tagName: "BUTTON" })).toBe(false);
  });

  it("watches POST forms unless they or their area opted out", () => {
    const of = (method: string | null, optedOut = false) => ({
      getAttribute: () => method,
      closest: () => (optedOut ? {} : null),
    });
    expect(isGuardedForm(of("post"))).toBe(true);
    expect(isGuardedForm(of("POST"))).toBe(true);
    expect(isGuardedForm(of("get"))).toBe(false);
    expect(isGuardedForm(of(null))).toBe(false);
    expect(isGuardedForm(of("post", true))).toBe(false);
  });

  it("lets anchors and the same page through", () => {
    expect(leavesPage({ pathname: "/tasks", search: "" }, { pathname: "/tasks", search: "" })).toBe(false);
    expect(leavesPage({ pathname: "/tasks", search: "" }, { pathname: "/tasks", search: "?page=2" })).toBe(true);
    expect(leavesPage({ pathname: "/tasks", search: "" }, { pathname: "/notes", search: "" })).toBe(true);
  });

  it("holds a form from its first edit until it is saved, and keeps it after an error answer", () => {
    const store = createUnsavedStore<ReturnType<typeof form>>();
    const saved = form();
    expect(store.hasUnsaved()).toBe(false);
    store.edited(saved);
    expect(store.hasUnsaved()).toBe(true);
    // Sending the form does not ask, while its answer is on the way.
    store.submitting(saved);
    expect(store.hasUnsaved()).toBe(false);
    store.settle();
    expect(store.hasUnsaved()).toBe(false);

    const refused = form(true);
    store.edited(refused);
    store.submitting(refused);
    store.settle();
    expect(store.hasUnsaved()).toBe(true);
    store.discard(refused);
    expect(store.hasUnsaved()).toBe(false);
  });

  it("forgets forms that left the page, and counts what self-saving forms report", () => {
    const store = createUnsavedStore<{ isConnected: boolean; querySelector: () => null }>();
    const gone = { isConnected: true, querySelector: () => null };
    store.edited(gone);
    gone.isConnected = false;
    expect(store.hasUnsaved()).toBe(false);

    const autoSave = Symbol("auto-save");
    store.report(autoSave, true);
    expect(store.hasUnsaved()).toBe(true);
    store.report(autoSave, false);
    expect(store.hasUnsaved()).toBe(false);
    // An untouched form that is sent (a delete button) marks nothing.
    const button = { isConnected: true, querySelector: () => null };
    store.submitting(button);
    store.settle();
    expect(store.hasUnsaved()).toBe(false);
  });
});
