import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCatalog, storedCatalogOf, type CatalogPayload } from "@app/shared/pos/catalog";
import { storeCatalog } from "./catalog-cache.ts";
import { catalogStore } from "./catalog-store.ts";

// The till's catalog on the device (IndexedDB: fake-indexeddb in jsdom, test-setup.ts).

const payload = (over: Partial<CatalogPayload> = {}): CatalogPayload => ({
  version: "700",
  full: true,
  ids: ["p1", "p2"],
  names: ["Bread 400g", "Sugar 1kg"],
  skus: [null, "SUG-1"],
  barcodes: [null, "6161100000017"],
  sellingprices: [6500, 18000],
  wholesalePrices: [6000, 17000],
  quantities: [30, 15],
  units: ["pcs", "pcs"],
  images: [null, null],
  removed: [],
  ...over,
});

/** A fetch answering the catalog request when `answer` is called, recording the URLs asked. */
function pendingServer() {
  const urls: string[] = [];
  let answer: (body: CatalogPayload | Error) => void = () => undefined;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    const body = await new Promise<CatalogPayload | Error>((resolve) => (answer = resolve));
    if (body instanceof Error) throw body;
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return { urls, answer: (body: CatalogPayload | Error) => answer(body), asked: () => fetch.mock.calls.length };
}

afterEach(() => vi.unstubAllGlobals());

describe("the catalog kept on the device", () => {
  it("is shown before the server answers, then only what changed since its cursor is asked for and applied", async () => {
    await storeCatalog("b1", storedCatalogOf(buildCatalog(payload())));
    const server = pendingServer();
    const loading = catalogStore.load("b1", "token");
    await vi.waitFor(() => expect(server.asked()).toBe(1));
    // The stored catalog is on screen while the request is out.
    expect(catalogStore.get().catalog?.items.map((i) => i.name)).toEqual(["Bread 400g", "Sugar 1kg"]);
    expect(server.urls[0]).toBe("/api/products/catalog?businessId=b1&since=700");
    server.answer(
      payload({
        version: "705",
        full: false,
        ids: ["p2"],
        names: ["Sugar 1kg"],
        skus: ["SUG-1"],
        barcodes: ["6161100000017"],
        sellingprices: [18500],
        wholesalePrices: [17000],
        quantities: [12],
        units: ["pcs"],
        images: [null],
        removed: ["p1"],
      }),
    );
    await loading;
    const { catalog, error } = catalogStore.get();
    expect(error).toBeNull();
    expect(catalog?.version).toBe("705");
    expect(catalog?.items.map((i) => [i._id, i.sellingprice, i.quantity])).toEqual([["p2", 18500, 12]]);
  });

  it("keeps selling from the stored catalog when the network is gone", async () => {
    await storeCatalog("b2", storedCatalogOf(buildCatalog(payload())));
    const server = pendingServer();
    const loading = catalogStore.load("b2", "token");
    await vi.waitFor(() => expect(server.asked()).toBe(1));
    vi.spyOn(console, "error").mockImplementationOnce(() => undefined);
    server.answer(new TypeError("Failed to fetch"));
    await loading;
    const state = catalogStore.get();
    expect([state.businessId, state.error, state.loading, state.catalog?.items.length]).toEqual(["b2", null, false, 2]);
  });

  it("loads the whole catalog on a new device, and keeps it for the next time", async () => {
    const server = pendingServer();
    const loading = catalogStore.load("b3", "token");
    await vi.waitFor(() => expect(server.asked()).toBe(1));
    expect(server.urls[0]).toBe("/api/products/catalog?businessId=b3");
    expect(catalogStore.get().catalog).toBeNull();
    server.answer(payload({ version: "900" }));
    await loading;
    expect(catalogStore.get().catalog?.items).toHaveLength(2);
    const { readStoredCatalog } = await import("./catalog-cache.ts");
    await vi.waitFor(async () => expect((await readStoredCatalog("b3"))?.version).toBe("900"), { timeout: 3000 });
  });
});
