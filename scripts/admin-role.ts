/**
 * `npm run admin:grant -- --email x@y.in --role admin|moderator` and
 * `npm run admin:revoke -- --email x@y.in`: the first admin comes from here, since no page can
 * make one (decision 014). Each change is written to the audit log as "Command line".
 */
import { parseArgs } from "node:util";
import { AppError } from "../core/shared/app-error";
import { ROLE_LABELS } from "../core/accounts/roles";
import { prepareDataDir } from "../server/config";
import { createServices } from "../server/services";

const command = process.argv[2];
const { values } = parseArgs({ args: process.argv.slice(3), options: { email: { type: "string" }, role: { type: "string" } } });
const role = command === "revoke" ? "person" : values.role;
if ((command !== "grant" && command !== "revoke") || !values.email || (role !== "admin" && role !== "moderator" && role !== "person")) {
  console.error("Usage: npm run admin:grant -- --email x@y.in --role admin|moderator\n       npm run admin:revoke -- --email x@y.in");
  process.exit(2);
}

const services = await createServices(prepareDataDir());
try {
  const person = await services.moderation.setRole({ actor: { commandLine: true }, person: { email: values.email }, role });
  console.log(`${person.name} <${person.email}> is now: ${ROLE_LABELS[person.role]}.`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await services.close();
}
