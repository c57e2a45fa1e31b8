// The architecture's import boundaries (docs/architecture.md, "Areas and boundaries"), as
// import-x/no-restricted-paths zones generated from the folders, so a new area is covered the
// day its folder appears:
// - packages/shared imports no app;
// - server db/ and platform/ import no module (app.ts passes what they need in);
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

const moduleZones = (forTableFiles) =>
  modules.flatMap((target) =>
    modules
      .filter((from) => from !== target)
      .map((from) => ({
        target: `${MODULES}/${target}`,
        from: `${MODULES}/${from}`,
        except: [
          `./${from}.public.ts`,
          ...(forTableFiles
            ? filesOf(`${MODULES}/${from}/`)
                .filter((f) => f.endsWith(".table.ts"))
                .map((f) => `./${f}`)
            : []),
        ],
        message: `A module reaches the ${from} module only through ${from}/${from}.public.ts (modules/README.md).`,
      })),
  );

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
      rules: rule([...baseZones, appZone, ...sharedWebZones]),
    },
    // Tests may build the whole app's store (they compose, as app/ does).
    { files: ["apps/web/src/**/*.test.{ts,tsx}"], rules: rule(baseZones) },
    {
      files: [`${MODULES.slice(2)}/**/*.ts`],
      ignores: ["**/*.table.ts"],
      rules: rule([...baseZones, ...moduleZones(false)]),
    },
    { files: [`${MODULES.slice(2)}/**/*.table.ts`], rules: rule([...baseZones, ...moduleZones(true)]) },
  ];
}
