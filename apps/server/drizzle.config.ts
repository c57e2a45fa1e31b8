import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Every table file of the modules and the platform (queries are written with the query builder,
  // so the app itself needs no schema object).
  schema: ["./src/modules/*/*.table.ts", "./src/platform/*.table.ts"],
  out: "./drizzle",
});
