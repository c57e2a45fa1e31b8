import { describe, expect, it } from "vitest";
import { loggedOut } from "../../lib/session/session-slice.ts";
import { parseQuery } from "./components/product-search.tsx";
import {
  posOpened,
  posSlice,
  productAdded,
  sectionChosen,
  tableChosen,
  ticketRepriced,
  ticketReset,
} from "./pos-slice.ts";

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
