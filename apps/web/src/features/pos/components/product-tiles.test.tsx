import { cleanup, render, screen, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCatalog } from "@app/shared/pos/catalog";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import { ProductTiles } from "./product-tiles.tsx";

const BUSINESS = "11111111-1111-4111-8111-111111111111";
const [UNGA, CHUMVI] = ["44444444-4444-4444-8444-444444444441", "44444444-4444-4444-8444-444444444442"];

const catalog = buildCatalog({
  version: "v1",
  full: true,
  ids: [CHUMVI, UNGA],
  names: ["Chumvi 500g", "Unga 2kg"],
  skus: [null, null],
  barcodes: [null, null],
  sellingprices: [3000, 21000],
  wholesalePrices: [0, 0],
  quantities: [144, 4],
  units: ["pcs", "pcs"],
  images: [null, null],
  removed: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the till's tiles", () => {
  it('marks "Sells out soon" on the tiles the server names, and no other', async () => {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    // jsdom lays nothing out: the grid is given a size, so its tiles are drawn.
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(400);
    Element.prototype.scrollTo ??= () => undefined;
    stubApi({ "GET /api/products/tiles": () => ({ categories: [], ids: [UNGA, CHUMVI], soonOut: [UNGA] }) });
    render(
      <Provider store={ownerStore()}>
        <ProductTiles businessId={BUSINESS} catalog={catalog} channel="retail" onPick={() => undefined} />
      </Provider>,
    );
    const tiles = await screen.findAllByTestId("pos-tile");
    expect(tiles.map((t) => t.textContent)).toEqual([
      expect.stringContaining("Unga 2kg"),
      expect.stringContaining("Chumvi 500g"),
    ]);
    expect(within(tiles[0]!).getByTestId("pos-tile-soon").textContent).toBe("Sells out soon");
    expect(within(tiles[1]!).queryByTestId("pos-tile-soon")).toBeNull();
  });
});
