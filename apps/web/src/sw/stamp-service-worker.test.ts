import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  BUILD_ID_PLACEHOLDER,
  buildIdOf,
  PRECACHE_PLACEHOLDER,
  precacheListOf,
  serviceWorkerPlugin,
  stampServiceWorker,
  type BuiltFile,
} from "./stamp-service-worker.ts";

const SOURCE = readFileSync(path.join(import.meta.dirname, "sw.js"), "utf8");
const build: BuiltFile[] = [
  { fileName: "index.html", content: '<script src="/assets/index-a1.js"></script>' },
  { fileName: "assets/index-a1.js", content: "console.log(1)" },
  { fileName: "assets/logo.png", content: new Uint8Array([1, 2, 3]) },
];

describe("the build id stamped into sw.js", () => {
  it("is the same for the same build, whatever the order of its files", () => {
    expect(buildIdOf(build, SOURCE)).toBe(buildIdOf([...build].reverse(), SOURCE));
    expect(buildIdOf(build, SOURCE)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("changes when any file, its name or the worker's source changes", () => {
    const id = buildIdOf(build, SOURCE);
    const changed = [
      buildIdOf([...build.slice(0, 2), { fileName: "assets/logo.png", content: new Uint8Array([1, 2, 4]) }], SOURCE),
      buildIdOf([build[0]!, { fileName: "assets/index-b2.js", content: "console.log(1)" }, build[2]!], SOURCE),
      buildIdOf([...build, { fileName: "assets/new.js", content: "" }], SOURCE),
      buildIdOf(build, `${SOURCE}\n// changed`),
    ];
    for (const other of changed) expect(other).not.toBe(id);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it("replaces the placeholder of src/sw/sw.js, and refuses a source without one", () => {
    expect(SOURCE).toContain(`const VERSION = "${BUILD_ID_PLACEHOLDER}";`);
    const stamped = stampServiceWorker(SOURCE, "0123456789abcdef");
    expect(stamped).toContain('const VERSION = "0123456789abcdef";');
    expect(stamped).not.toContain(BUILD_ID_PLACEHOLDER);
    expect(() => stampServiceWorker("self.skipWaiting();", "x")).toThrow(/no "__BUILD_ID__"/);
  });

  it("lists the build's scripts and styles for the worker to keep offline, not images or the worker itself", () => {
    expect(
      precacheListOf([
        ...build,
        { fileName: "assets/app-b2.css" },
        { fileName: "sw.js" },
        { fileName: "assets/index-a1.js.map" },
      ]),
    ).toEqual(["/assets/app-b2.css", "/assets/index-a1.js"]);
    const stamped = stampServiceWorker(SOURCE, "0123456789abcdef", ["/assets/index-a1.js"]);
    expect(stamped).toContain('const PRECACHE = ["/assets/index-a1.js"];');
    expect(stamped).not.toContain(PRECACHE_PLACEHOLDER);
  });

  it("the Vite plugin emits sw.js at the root of the build, stamped with the hash of the bundle", () => {
    const plugin = serviceWorkerPlugin();
    const hook = <T>(h: unknown) => (typeof h === "function" ? h : (h as { handler: T }).handler) as T;
    hook<(c: { root: string }) => void>(plugin.configResolved)({ root: path.resolve(import.meta.dirname, "../..") });
    const emitFile = vi.fn();
    const bundle = {
      "index.html": { type: "asset", fileName: "index.html", source: build[0]!.content },
      "assets/index-a1.js": { type: "chunk", fileName: "assets/index-a1.js", code: build[1]!.content },
      "assets/logo.png": { type: "asset", fileName: "assets/logo.png", source: build[2]!.content },
    };
    hook<(this: unknown, o: unknown, b: unknown) => void>(plugin.generateBundle).call({ emitFile }, {}, bundle);
    expect(emitFile).toHaveBeenCalledWith({
      type: "asset",
      fileName: "sw.js",
      source: stampServiceWorker(SOURCE, buildIdOf(build, SOURCE), ["/assets/index-a1.js"]),
    });
  });
});
