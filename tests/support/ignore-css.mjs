// Node loader hook for tests/support/web-process.ts: the app's stylesheet imports (`*.css?url`), which the Remix
// build turns into file URLs, load as an empty URL string under plain node/tsx.
import { register } from "node:module";

const hooks = `
export async function load(url, context, next) {
  if (/\\.css(\\?.*)?$/.test(url)) return { format: "module", source: "export default '';", shortCircuit: true };
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
