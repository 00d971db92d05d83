// The spec's second address of an import's history (import/old/{id}): the same page as import/view/{id}.
export { handle, loader, meta, default } from "./view.$id";
