import { openCliDatabase } from "./cli-db.ts";

// `npm run migrate`: applies pending migrations (the server also does this at startup).
const database = await openCliDatabase();
await database.close();
console.log("Migrations applied.");
