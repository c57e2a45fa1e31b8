// The architecture's import boundaries (docs/architecture.md, "Areas and boundaries"), as
// import-x/no-restricted-paths zones generated from the folders, so a new area is covered the
// day its folder appears:
// - packages/shared imports no app;
// - server db/ and platform/ import no module (app.ts passes what they need in);
// - server modules in layers (MODULE_RANKS): a module imports only lower layers; flows above all;
// - a server module reaches another module only through its public entry `<area>.public.ts`;
//   table files may also import another module's table files, for foreign keys;
// - a web feature imports no other feature; features never import app/ (app/ composes them);
// - web components/, lib/ and api/ are shared by the features: they import no feature, and of app/
//   only the store hooks (app/hooks.ts).
// The zones only see imports ESLint resolves: eslint.config.js resolves every import and makes an
// unresolved one an error.
import { readdirSync } from "node:fs";

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const filesOf = (dir) => readdirSync(new URL(dir, import.meta.url));

const apiFilesOf = (feature) =>
  readdirSync(new URL(`${FEATURES}/${feature}/`, import.meta.url), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith("-api.ts"));

const MODULES = "./apps/server/src/modules";
const FEATURES = "./apps/web/src/features";
const modules = foldersOf(`${MODULES}/`);
const features = foldersOf(`${FEATURES}/`);

/**
 * The server's modules in layers, lowest first (docs/architecture.md, "Modules in layers"): a
 * module imports only modules of a lower layer, through their public entry. Identity first, then
 * the ledgers every sale writes, the restaurant the till sends tickets to, sales, KRA eTIMS (which signs
 * sales; documents print its proof), the areas built on sales, and reports, which read them all. Work that crosses areas in one transaction (paybill
 * routing, employee removal, customer accounts, the session lookup) is a flow in `src/flows/`,
 * above every module: a flow imports any module's public entry, no module imports a flow. A
 * module folder missing here fails the lint's set-up, so a new area is ranked the day it appears.
 */
export const MODULE_RANKS = [
  ["health"],
  ["accounts"],
  ["businesses"],
  ["hr"],
  ["inventory", "transactions", "customers", "mpesa", "printing"],
  ["restaurant"],
  ["sales"],
  ["etims"],
  ["supplies", "expenses", "sales-documents", "rooms", "clinic", "payroll", "subscriptions", "messages"],
  ["requests"],
  ["reports"],
  ["backups"],
];

const rankOf = new Map(MODULE_RANKS.flatMap((layer, rank) => layer.map((m) => [m, rank])));
const unranked = modules.filter((m) => !rankOf.has(m));
if (unranked.length)
  throw new Error(`eslint.architecture.js: rank the new module(s) ${unranked.join(", ")} in MODULE_RANKS`);

const tableFilesOf = (module) =>
  filesOf(`${MODULES}/${module}/`)
    .filter((f) => f.endsWith(".table.ts"))
    .map((f) => `./${f}`);

/**
 * For the files of `target`: each other module of the same or a higher layer may not be imported
 * at all; one of a lower layer only through its public entry. Table files may import any other
 * module's table files, for foreign keys (a table has no behaviour to loop through).
 */
const moduleZones = (forTableFiles) =>
  modules.flatMap((target) =>
    modules
      .filter((from) => from !== target)
      .map((from) => {
        const below = rankOf.get(from) < rankOf.get(target);
        return {
          target: `${MODULES}/${target}`,
          from: `${MODULES}/${from}`,
          except: [...(below ? [`./${from}.public.ts`] : []), ...(forTableFiles ? tableFilesOf(from) : [])],
          message: below
            ? `A module reaches the ${from} module only through ${from}/${from}.public.ts (modules/README.md).`
            : `${target} may not import ${from}: a module imports only modules of a lower layer (MODULE_RANKS in eslint.architecture.js); work that needs both is a flow in src/flows/.`,
        };
      }),
  );

const FLOWS = "./apps/server/src/flows";
const flowZones = [
  {
    target: [MODULES, "./apps/server/src/db", "./apps/server/src/platform"],
    from: FLOWS,
    message: "No module imports a flow: flows sit above every module (flows/README.md).",
  },
  ...modules.map((from) => ({
    target: FLOWS,
    from: `${MODULES}/${from}`,
    except: [`./${from}.public.ts`],
    message: `A flow reaches the ${from} module only through ${from}/${from}.public.ts (flows/README.md).`,
  })),
];

const baseZones = [
  {
    target: "./packages/shared",
    from: "./apps",
    message: "packages/shared holds pure rules: it imports no app.",
  },
  {
    target: ["./apps/server/src/db", "./apps/server/src/platform"],
    from: MODULES,
    // The one exception: a platform table's foreign key to the tenant table.
    except: ["./businesses/businesses.table.ts"],
    message: "db/ and platform/ import no module: app.ts passes in what they need.",
  },
  ...features.map((target) => ({
    target: `${FEATURES}/${target}`,
    from: FEATURES,
    // A feature's API file (RTK Query endpoints and their cache tags) is its public entry, like a
    // server module's `<area>.public.ts`: another feature may use its data, never its pages or state.
    except: [`./${target}`, ...features.flatMap((f) => apiFilesOf(f).map((file) => `./${f}/${file}`))],
    message:
      "A feature imports no other feature: share through components/ or lib/, or compose in app/ (features/README.md).",
  })),
];
const appZone = {
  target: FEATURES,
  from: "./apps/web/src/app",
  except: ["./hooks.ts"],
  message:
    "Features never import app/: app/ composes the features (the store hooks are app/hooks.ts, toasts lib/toasts.ts).",
};
const SHARED_WEB = ["./apps/web/src/components", "./apps/web/src/lib", "./apps/web/src/api"];
const sharedWebZones = [
  {
    target: SHARED_WEB,
    from: FEATURES,
    message: "components/, lib/ and api/ serve every feature: they import none (apps/web/src/README.md).",
  },
  {
    target: SHARED_WEB,
    from: "./apps/web/src/app",
    except: ["./hooks.ts"],
    message: "components/, lib/ and api/ import of app/ only the store hooks (app/hooks.ts): app/ composes them.",
  },
];

const rule = (zones) => ({ "import-x/no-restricted-paths": ["error", { zones }] });

/** Flat-config blocks: every file gets the base zones; module files get the module zones. */
export function architectureConfigs(importX) {
  return [
    {
      files: ["**/*.{ts,tsx,js,mjs}"],
      plugins: { "import-x": importX },
      rules: rule([...baseZones, ...flowZones, appZone, ...sharedWebZones]),
    },
    // Tests may build the whole app's store (they compose, as app/ does).
    { files: ["apps/web/src/**/*.test.{ts,tsx}"], rules: rule(baseZones) },
    {
      files: [`${MODULES.slice(2)}/**/*.ts`],
      ignores: ["**/*.table.ts"],
      rules: rule([...baseZones, ...flowZones, ...moduleZones(false)]),
    },
    { files: [`${MODULES.slice(2)}/**/*.table.ts`], rules: rule([...baseZones, ...flowZones, ...moduleZones(true)]) },
  ];
}
