import { completeTillMpesaConfig, loadConfig } from "../config.ts";
import { createTillMpesaDeps, registerC2bForBusinesses } from "../modules/mpesa/mpesa.public.ts";
import { openCliDatabase, parseFlags } from "./cli-db.ts";

// `npm run mpesa:register-c2b -- [--business <id>]`: registers the confirmation and validation URLs
// of customers' M-Pesa payments (C2B) with Daraja, for one business or for every business with
// M-Pesa credentials: what the Settings button does. Needs PUBLIC_URL; uses the same credentials
// key and callback token as the server (DATA_DIR/credentials-key, DATA_DIR/till-callback-token).
const flags = parseFlags(process.argv.slice(2));
const config = await completeTillMpesaConfig(loadConfig());
if (!config.tillMpesa.publicUrl) {
  console.error("Set PUBLIC_URL (the address Daraja reaches this server at) first.");
  process.exit(2);
}
const database = await openCliDatabase();
const log = {
  warn: (o: object, m?: string) => console.warn(m ?? "", JSON.stringify(o)),
  error: (o: object, m?: string) => console.error(m ?? "", JSON.stringify(o)),
};
try {
  const results = await registerC2bForBusinesses(
    createTillMpesaDeps(database.db, config.tillMpesa, log),
    flags.business ? [flags.business] : null,
  );
  for (const r of results) console.log(JSON.stringify(r));
  if (results.some((r) => !r.ok)) process.exitCode = 1;
  if (!results.length) console.log("No business has M-Pesa credentials; nothing to register.");
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
