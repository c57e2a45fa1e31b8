import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageQueryFields, pageSchemaOf } from "./paging.ts";

describe("pageQueryFields", () => {
  const schema = z.object(pageQueryFields({ size: 25, maxSize: 200, maxPage: 10 }));

  it("defaults to the first page of the default size", () => {
    expect(schema.parse({})).toEqual({ page: 0, pageSize: 25 });
  });

  it("reads numbers from the query string and keeps them in bounds", () => {
    expect(schema.parse({ page: "3", pageSize: "200" })).toEqual({ page: 3, pageSize: 200 });
    expect(schema.safeParse({ pageSize: "201" }).success).toBe(false);
    expect(schema.safeParse({ pageSize: "0" }).success).toBe(false);
    expect(schema.safeParse({ page: "-1" }).success).toBe(false);
    expect(schema.safeParse({ page: "11" }).success).toBe(false);
  });

  it("has no last page unless one is given", () => {
    expect(z.object(pageQueryFields()).parse({ page: "99999" })).toEqual({ page: 99999, pageSize: 10 });
  });
});

describe("pageSchemaOf", () => {
  it("is the items of a page and the total", () => {
    const page = pageSchemaOf(z.string());
    expect(page.parse({ items: ["a"], total: 7 })).toEqual({ items: ["a"], total: 7 });
    expect(page.safeParse({ items: ["a"], total: 1.5 }).success).toBe(false);
  });
});
