import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AREAS, CODE_AREAS, SHARED_CROSS_CUTTING } from "./areas.ts";

const root = new URL("../../../../", import.meta.url);
const foldersOf = (dir: string): string[] =>
  readdirSync(new URL(dir, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const vocabulary: string[] = Object.keys(CODE_AREAS);

describe("one name per area on all three sides", () => {
  it("every menu area belongs to exactly one code area", () => {
    const served = Object.values(CODE_AREAS).flat();
    expect([...served].sort()).toEqual([...AREAS].sort());
  });

  it("every folder of packages/shared/src is an area or a cross-cutting rule set", () => {
    const allowed = [...vocabulary, ...SHARED_CROSS_CUTTING];
    expect(foldersOf("packages/shared/src/").filter((f) => !allowed.includes(f))).toEqual([]);
  });

  it("every server module and every web feature is named after an area", () => {
    expect(foldersOf("apps/server/src/modules/").filter((f) => !vocabulary.includes(f))).toEqual([]);
    expect(foldersOf("apps/web/src/features/").filter((f) => !vocabulary.includes(f))).toEqual([]);
  });
});
