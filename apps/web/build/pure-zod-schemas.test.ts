// @vitest-environment node
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { PURE_ZOD, pureZodSchemas } from "./pure-zod-schemas.ts";

type Transform = (this: { parse: (code: string) => unknown }, code: string, id: string) => { code: string } | null;
const transform = pureZodSchemas().transform as unknown as Transform;
const run = (code: string, id = "/repo/packages/shared/src/pos/thing.ts") =>
  transform.call({ parse: (c) => parseAst(c) }, code, id)?.code ?? null;

describe("zod's name in shared's modules, for the tree-shaker", () => {
  it("renames every use of the imported z, and nothing else: strings, regular expressions, property names", () => {
    const out = run(
      [
        'import { z } from "zod";',
        'import { other } from "./other.ts";',
        "export const nameSchema = z",
        '  .string().regex(/^[a-z]+$/, "a-z only: z. is a letter")',
        "  .max(3);",
        "export const pairSchema = z.object({ z: nameSchema, b: z.number() });",
        "export const point = { z: 1 };",
        "export const read = (p) => p.z + other;",
      ].join("\n"),
    )!;
    expect(out).toContain(`import { z as ${PURE_ZOD}Import } from "zod";`);
    expect(out).toContain(`const ${PURE_ZOD} = ${PURE_ZOD}Import;`);
    expect(out).toContain(`export const nameSchema = ${PURE_ZOD}\n  .string()`);
    expect(out).toContain('.regex(/^[a-z]+$/, "a-z only: z. is a letter")');
    expect(out).toContain(`${PURE_ZOD}.object({ z: nameSchema, b: ${PURE_ZOD}.number() })`);
    expect(out).toContain("export const point = { z: 1 };");
    expect(out).toContain("p.z + other");
    // Left: the import's own, three property names, the regular expression's and the string's two.
    expect(out.match(/\bz\b/g)).toHaveLength(7);
  });

  it("leaves alone a module outside packages/shared, and one that does not import z from zod", () => {
    expect(run('import { z } from "zod";\nexport const s = z.string();', "/repo/apps/web/src/x.ts")).toBeNull();
    expect(run('import { zodish } from "./zod.ts";\nexport const z = 1;')).toBeNull();
  });
});
