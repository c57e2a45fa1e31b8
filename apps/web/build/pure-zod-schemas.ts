import MagicString from "magic-string";
import type { Plugin } from "vite";

/**
 * The name zod's `z` takes in packages/shared's modules when the web app is built, and that the
 * tree-shaker is told has no side effects (treeshake.manualPureFunctions, in vite.config.ts).
 */
export const PURE_ZOD = "__pureZod";

const SHARED_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/].+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/**
 * Why: packages/shared's modules build their zod schemas at the top (`export const saleSchema =
 * z.object(...)`). The bundler cannot know that building a schema changes nothing, so a page that
 * imports one rule from such a module got every schema there and all of zod (24 KB gzip of /pos's
 * first load). Marking `z` itself pure is not an option: the bundler matches the name in every
 * module, and d3's `z.push(t)` (the charts' log-scale ticks) was dropped with it. So in shared's
 * modules only, the identifier `z` imported from "zod" is renamed to PURE_ZOD (an AST rename: never
 * inside a string, a regular expression or a property name), and that name alone is marked pure.
 * A schema the page never reads is then dropped, and zod with it when none is read.
 */
export function pureZodSchemas(): Plugin {
  return {
    name: "pure-zod-schemas",
    apply: "build",
    enforce: "post", // after TypeScript is stripped: `z.infer<...>` is gone by then
    transform(code, id) {
      if (!SHARED_MODULE.test(id) || !code.includes("zod")) return null;
      const ast = this.parse(code) as unknown as Node;
      const imported = (ast.body as Node[]).some(
        (s) =>
          s.type === "ImportDeclaration" &&
          (s.source as { value: string }).value === "zod" &&
          (s.specifiers as Node[]).some(
            (sp) => sp.type === "ImportSpecifier" && (sp.local as { name: string }).name === "z",
          ),
      );
      if (!imported) return null;
      const out = new MagicString(code);
      const visit = (node: Node, parent: Node | null, key: string | null) => {
        if (node.type === "Identifier" && node.name === "z") {
          if (parent?.type === "ImportSpecifier") {
            // A local name: the tree-shaker matches the callee's own binding, and an imported one
            // is known by zod's name for it.
            if (key === "local") {
              out.overwrite(parent.start, parent.end, `z as ${PURE_ZOD}Import`);
              imports.push(`const ${PURE_ZOD} = ${PURE_ZOD}Import;`);
            }
          } else if (
            !(parent?.type === "MemberExpression" && key === "property" && !parent.computed) &&
            !(parent?.type === "Property" && key === "key" && !parent.computed)
          ) {
            if (parent?.type === "Property" && parent.shorthand) throw new Error(`${id}: a shorthand { z } property`);
            out.overwrite(node.start, node.end, PURE_ZOD);
          }
          return;
        }
        for (const [k, v] of Object.entries(node)) {
          const children: unknown[] = Array.isArray(v) ? v : [v];
          for (const c of children) if (isNode(c)) visit(c, node, k);
        }
      };
      const imports: string[] = [];
      visit(ast, null, null);
      const last = (ast.body as Node[]).filter((st) => st.type === "ImportDeclaration").at(-1)!;
      out.appendRight(last.end, `\n${imports.join("\n")}`);
      return { code: out.toString(), map: out.generateMap({ hires: "boundary", source: id }) };
    },
  };
}
