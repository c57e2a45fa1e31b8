// The fake KRA eTIMS in a process of its own, for the eTIMS benchmark: KRA is another machine in
// real life, so its work must not share the load generator's event loop (an HTTP server in the
// bench's own process slowed the tills it was measuring). Prints its address; set up over HTTP
// (POST /fake/taxpayers, /fake/down, /fake/rejected); stops on SIGTERM.
import { startFakeEtims } from "../../apps/server/test/fakes/fake-etims.ts";

const kra = await startFakeEtims();
// It keeps what it was sent for the tests' assertions; a benchmark sends thousands: keep none.
setInterval(() => void kra.requests.splice(0), 1000).unref();
process.stdout.write(`${kra.url}\n`);
process.on("SIGTERM", () => void kra.close().then(() => process.exit(0)));
