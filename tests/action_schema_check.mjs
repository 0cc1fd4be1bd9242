// action_schema_check.mjs ACTION_YML WORKFLOW_YML... - validates a composite
// action's metadata and workflows with GitHub's own parser and schemas
// (npm @actions/workflow-parser, beside this file).  Prints each error;
// exit 1 when there is one.  The parser imports its JSON schemas without
// an import attribute (it is written for bundlers): a load hook adds it.
import { readFileSync } from "node:fs";
import { register } from "node:module";

const hook = `export async function load(url, context, next) {
  return next(url, url.endsWith(".json") ? { ...context, importAttributes: { type: "json" } } : context);
}`;
register("data:text/javascript," + encodeURIComponent(hook));
const { parseWorkflow, NoOperationTraceWriter } = await import("@actions/workflow-parser");
const { parseAction } = await import("@actions/workflow-parser/actions/action-parser");

const [action, ...workflows] = process.argv.slice(2);
let errors = 0;
function report(kind, name, result) {
  const found = result.context.errors.getErrors();
  for (const e of found) console.log(`FAIL: ${name}: ${e.message}`);
  if (!result.value) console.log(`FAIL: ${name}: nothing parsed`);
  errors += found.length + (result.value ? 0 : 1);
  if (!found.length && result.value) console.log(`ok: ${name} is a valid ${kind}`);
}
const file = (name) => ({ name, content: readFileSync(name, "utf8") });
report("action", action, parseAction(file(action), new NoOperationTraceWriter()));
for (const w of workflows) report("workflow", w, parseWorkflow(file(w), new NoOperationTraceWriter()));
process.exit(errors ? 1 : 0);
