import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BusinessSettings } from "@app/shared/businesses/business";
import { BUSINESS_A, ownerStore, stubApi } from "../../test/test-api.ts";
import { BusinessDetailsCard, timeZoneOptions } from "./business-details-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings: BusinessSettings = { ...BUSINESS_A, staffAccessCode: "ABCD2345" };

describe("the owner's business details: time zone", () => {
  it("offers the known zones, always with Nairobi and the business's own", () => {
    const zones = timeZoneOptions("Etc/GMT-3");
    expect(zones).toEqual(expect.arrayContaining(["Africa/Nairobi", "Asia/Tokyo", "America/New_York", "Etc/GMT-3"]));
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("shows the saved zone; choosing another sends it and the current business takes it", async () => {
    const fetch = stubApi({
      [`PATCH /api/businesses/${settings._id}`]: () => ({ ...settings, timeZone: "Asia/Tokyo" }),
    });
    const store = ownerStore();
    render(
      <Provider store={store}>
        <BusinessDetailsCard business={settings} />
      </Provider>,
    );
    const zone = screen.getByRole("combobox", { name: "Time zone" });
    expect(zone).toHaveProperty("value", "Africa/Nairobi");
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    zone.focus();
    fireEvent.change(zone, { target: { value: "Tokyo" } });
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Asia/Tokyo" }));
    expect(zone).toHaveProperty("value", "Asia/Tokyo");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(store.getState().business.current?.timeZone).toBe("Asia/Tokyo"));
    const request = fetch.mock.calls[0]![0];
    expect(await request.json()).toEqual({
      name: settings.name,
      businessType: settings.businessType,
      timeZone: "Asia/Tokyo",
    });
  });
});
