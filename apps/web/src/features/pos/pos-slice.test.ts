import { describe, expect, it } from "vitest";
import { threeFor100 } from "@app/shared/pos/promotion-fixture";
import { loggedOut } from "../../lib/session/session-slice.ts";
import { parseQuery } from "./components/product-search.tsx";
import {
  lineAdjusted,
  posOpened,
  posSlice,
  productAdded,
  promotionsLoaded,
  quantitySet,
  sectionChosen,
  tableChosen,
  ticketCustomerChosen,
  ticketRepriced,
  ticketReset,
} from "./pos-slice.ts";
import type { Customer } from "@app/shared/customers/customer";

const reduce = posSlice.reducer;
const sugar = { _id: "p1", name: "Sugar", sellingprice: 18000, wholesalePrice: 16500 };

describe("the till's tickets", () => {
  it("keeps a retail and a wholesale ticket, priced by their own prices", () => {
    let s = reduce(undefined, posOpened("b1"));
    s = reduce(s, productAdded({ channel: "retail", product: sugar }));
    s = reduce(s, productAdded({ channel: "wholesale", product: sugar, quantity: 10 }));
    expect(s.tickets.retail.total).toBe(18000);
    expect(s.tickets.wholesale.total).toBe(165000);
  });

  it("opening the till of another business, or signing out, starts empty tickets", () => {
    let s = reduce(reduce(undefined, posOpened("b1")), productAdded({ channel: "retail", product: sugar }));
    expect(reduce(s, posOpened("b1")).tickets.retail.products).toHaveLength(1);
    expect(reduce(s, posOpened("b2")).tickets.retail.products).toHaveLength(0);
    s = reduce(s, loggedOut());
    expect(s).toMatchObject({ businessId: null, tickets: { retail: { products: [] } } });
  });

  it("choosing a section clears the table; reset gives the next ticket a new id", () => {
    let s = reduce(undefined, posOpened("b1"));
    s = reduce(s, tableChosen({ channel: "retail", table: "t1" }));
    s = reduce(s, sectionChosen({ channel: "retail", section: "s1" }));
    expect(s.tickets.retail.table).toBeNull();
    const id = s.tickets.retail.ticketId;
    expect(reduce(s, ticketReset({ channel: "retail" })).tickets.retail.ticketId).not.toBe(id);
  });

  it("a ticket's customer is its own (retail and wholesale apart), and goes with the ticket at reset", () => {
    const wanjiru = { _id: "c1", name: "Wanjiru Kamau", phone: "254722555111" } as Customer;
    let s = reduce(undefined, posOpened("b1"));
    s = reduce(s, ticketCustomerChosen({ channel: "retail", customer: wanjiru }));
    expect(s.customers).toEqual({ retail: wanjiru });
    s = reduce(s, ticketReset({ channel: "wholesale" }));
    expect(s.customers?.retail).toBe(wanjiru);
    s = reduce(s, ticketReset({ channel: "retail" }));
    expect(s.customers?.retail).toBeNull();
  });

  it("reprices lines when the server says prices changed", () => {
    let s = reduce(
      reduce(undefined, posOpened("b1")),
      productAdded({ channel: "retail", product: sugar, quantity: 2 }),
    );
    s = reduce(s, ticketRepriced({ channel: "retail", prices: { p1: 19000 } }));
    expect(s.tickets.retail).toMatchObject({ total: 38000, products: [{ unitPrice: 19000, totalPrice: 38000 }] });
  });
});

describe("the search box", () => {
  it("reads a quantity typed before the code", () => {
    expect(parseQuery("3*6161100000017")).toEqual({ quantity: 3, query: "6161100000017" });
    expect(parseQuery("sugar")).toEqual({ quantity: 1, query: "sugar" });
    expect(parseQuery("0*bread")).toEqual({ quantity: 1, query: "bread" });
  });
});

describe("promotions at the till (issue 31 item 2)", () => {
  const soda = { _id: "p-soda", name: "Soda", sellingprice: 4000, wholesalePrice: 0 };
  const promotion = threeFor100("p-soda");

  it("applies the loaded promotions as lines are added and changed: 4 sodas = 140.00, 5 = 180.00", () => {
    let s = reduce(undefined, posOpened("b1"));
    s = reduce(s, promotionsLoaded({ list: [promotion], timeZone: "Africa/Nairobi" }));
    s = reduce(s, productAdded({ channel: "retail", product: soda, quantity: 4 }));
    expect(s.tickets.retail.total).toBe(14000);
    expect(s.tickets.retail.products[0]!.promotion).toMatchObject({ name: "3 for 100" });
    s = reduce(s, quantitySet({ channel: "retail", productId: "p-soda", quantity: 5 }));
    expect(s.tickets.retail.total).toBe(18000);
  });

  it("promotions loaded after the lines apply to them; a manual discount replaces the promotion", () => {
    let s = reduce(undefined, posOpened("b1"));
    s = reduce(s, productAdded({ channel: "retail", product: soda, quantity: 3 }));
    expect(s.tickets.retail.total).toBe(12000);
    s = reduce(s, promotionsLoaded({ list: [promotion], timeZone: "Africa/Nairobi" }));
    expect(s.tickets.retail.total).toBe(10000);
    s = reduce(
      s,
      lineAdjusted({ channel: "retail", productId: "p-soda", adjustment: { type: "percent", percent: 5 } }),
    );
    expect(s.tickets.retail.total).toBe(11400);
    expect(s.tickets.retail.products[0]!.promotion).toBeNull();
  });

  it("a state saved before promotions (none kept) prices at list", () => {
    const s = reduce(
      { ...reduce(undefined, posOpened("b1")), promotions: undefined },
      productAdded({ channel: "retail", product: soda, quantity: 3 }),
    );
    expect(s.tickets.retail.total).toBe(12000);
  });
});
