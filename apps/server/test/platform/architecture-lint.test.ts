import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The import boundaries hold (eslint.config.js, eslint.architecture.js, issue 27): probe sources
 * linted as if they sat at real paths of the tree must break the rule each probe names, and an
 * allowed import must break none. An import written without its extension once resolved for
 * TypeScript and Vite but not for ESLint, and the boundary rules skipped it without a word.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const eslint = new ESLint({ cwd: ROOT });
// The boundary probes without no-cycle, which would walk the whole import graph from each probe's
// import (seconds each); the cycle probe below uses the config as it is.
const boundaries = new ESLint({ cwd: ROOT, overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await boundaries.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

// A cycle is only seen between files on disk: two probe files that import each other.
const probeDir = mkdtempSync(path.join(ROOT, "apps/server/src/platform/lint-probe-"));
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

describe("the architecture lint", () => {
  it("a module importing another module's service without the extension is refused twice", async () => {
    const ids = await ruleIds(
      "apps/server/src/modules/expenses/x.ts",
      'import { recordSale } from "../sales/sales.service";\nexport const y = recordSale;\n',
    );
    expect(ids).toContain("import-x/extensions");
    expect(ids).toContain("import-x/no-restricted-paths");
  });

  it("with the extension, it breaks the module boundary", async () => {
    const ids = await ruleIds(
      "apps/server/src/modules/expenses/x.ts",
      'import { recordSale } from "../sales/sales.service.ts";\nexport const y = recordSale;\n',
    );
    expect(ids).toEqual(["import-x/no-restricted-paths"]);
  });

  it("an import that resolves to no file is an error", async () => {
    const ids = await ruleIds(
      "apps/server/src/modules/expenses/x.ts",
      'import { nothing } from "../sales/no-such-file.ts";\nexport const y = nothing;\n',
    );
    expect(ids).toEqual(["import-x/no-unresolved"]);
  });

  it("a web feature importing another feature's slice, or app/router, is refused", async () => {
    const slice = await ruleIds(
      "apps/web/src/features/sales/x.ts",
      'import { tillSlice } from "../pos/pos-slice.ts";\nexport const y = tillSlice;\n',
    );
    expect(slice).toEqual(["import-x/no-restricted-paths"]);
    const router = await ruleIds(
      "apps/web/src/features/sales/x.ts",
      'import { router } from "../../app/router";\nexport const y = router;\n',
    );
    expect(router).toContain("import-x/extensions");
    expect(router).toContain("import-x/no-restricted-paths");
  });

  it("server platform/ importing a module is refused", async () => {
    const ids = await ruleIds(
      "apps/server/src/platform/x.ts",
      'import { recordSale } from "../modules/sales/sales.public.ts";\nexport const y = recordSale;\n',
    );
    expect(ids).toEqual(["import-x/no-restricted-paths"]);
  });

  it("web components/ importing a feature, or app/ beyond its store hooks, is refused", async () => {
    const feature = await ruleIds(
      "apps/web/src/components/x.tsx",
      'import { tillSlice } from "../features/pos/pos-slice.ts";\nexport const y = tillSlice;\n',
    );
    expect(feature).toEqual(["import-x/no-restricted-paths"]);
    const store = await ruleIds(
      "apps/web/src/lib/x.ts",
      'import { createStore } from "../app/store.ts";\nexport const y = createStore;\n',
    );
    expect(store).toEqual(["import-x/no-restricted-paths"]);
    const hooks = await ruleIds(
      "apps/web/src/api/x.ts",
      'import { useAppSelector } from "../app/hooks.ts";\nexport const y = useAppSelector;\n',
    );
    expect(hooks).toEqual([]);
  });

  it("two files that import each other are a cycle; a type-only import back is none", async () => {
    const probe = async (name: string, other: string, back: string) => {
      const file = path.join(probeDir, `${name}.ts`);
      const code = `import { ${other} } from "./${other}.ts";\nexport const ${name} = () => ${other};\n`;
      writeFileSync(file, code);
      writeFileSync(path.join(probeDir, `${other}.ts`), back);
      const [result] = await eslint.lintText(code, { filePath: file });
      return result?.messages.map((m) => m.ruleId);
    };
    const cycle = await probe("a", "b", 'import { a } from "./a.ts";\nexport const b = () => a;\n');
    expect(cycle).toEqual(["import-x/no-cycle"]);
    const typeOnly = await probe(
      "c",
      "d",
      'import type { c } from "./c.ts";\nexport const d: typeof c | null = null;\n',
    );
    expect(typeOnly).toEqual([]);
  });

  it("a module importing a module of its own or a higher layer is refused, even through its public entry", async () => {
    // mpesa (ledgers) once imported sales for the paybill: the loop that knotted 11 modules.
    const up = await ruleIds(
      "apps/server/src/modules/mpesa/x.ts",
      'import { findSaleByNumber } from "../sales/sales.public.ts";\nexport const y = findSaleByNumber;\n',
    );
    expect(up).toEqual(["import-x/no-restricted-paths"]);
    const sideways = await ruleIds(
      "apps/server/src/modules/customers/x.ts",
      'import { claimForSale } from "../mpesa/mpesa.public.ts";\nexport const y = claimForSale;\n',
    );
    expect(sideways).toEqual(["import-x/no-restricted-paths"]);
  });

  it("no module imports a flow; a flow reaches modules only through their public entries", async () => {
    const moduleToFlow = await ruleIds(
      "apps/server/src/modules/sales/x.ts",
      'import { confirmC2bPayment } from "../../flows/paybill.ts";\nexport const y = confirmC2bPayment;\n',
    );
    expect(moduleToFlow).toEqual(["import-x/no-restricted-paths"]);
    const flowToService = await ruleIds(
      "apps/server/src/flows/x.ts",
      'import { recordSale } from "../modules/sales/sales.service.ts";\nexport const y = recordSale;\n',
    );
    expect(flowToService).toEqual(["import-x/no-restricted-paths"]);
    const flowToPublic = await ruleIds(
      "apps/server/src/flows/x.ts",
      'import { findSaleByNumber } from "../modules/sales/sales.public.ts";\nexport const y = findSaleByNumber;\n',
    );
    expect(flowToPublic).toEqual([]);
  });

  it("control: a module importing another module's public entry, with the extension, is allowed", async () => {
    const ids = await ruleIds(
      "apps/server/src/modules/expenses/x.ts",
      'import { recordSale } from "../sales/sales.public.ts";\nexport const y = recordSale;\n',
    );
    expect(ids).toEqual([]);
  });
});
