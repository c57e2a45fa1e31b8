import { passwordSchema, usernameSchema } from "@app/shared/accounts/auth";
import { createSupportUser } from "../modules/accounts/accounts.service.ts";
import { openCliDatabase, parseFlags } from "./cli-db.ts";

// `npm run create-support-user -- --username U --password P`: a provider support account.
const flags = parseFlags(process.argv.slice(2));
const username = usernameSchema.safeParse(flags.username);
const password = passwordSchema.safeParse(flags.password);
if (!username.success || !password.success) {
  console.error("Usage: npm run create-support-user -- --username NAME --password PASSWORD (at least 8 characters)");
  process.exit(2);
}
const database = await openCliDatabase();
try {
  const { id } = await createSupportUser(database.db, { username: username.data, password: password.data });
  console.log(`Support user ${username.data} created (${id}). Sign in at /adminaccounts.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
