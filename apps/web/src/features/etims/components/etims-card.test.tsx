import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtimsStatus } from "@app/shared/etims/oscu";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import { EtimsCard } from "./etims-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notConnected: EtimsStatus = {
  connected: false,
  environment: "sandbox",
  kraPin: null,
  bhfId: null,
  taxpayerName: null,
  branchName: null,
  sdcId: null,
  mrcNo: null,
  deviceSerial: null,
  initialisedAt: null,
  codeListsFetchedAt: null,
  itemClassesFetchedAt: null,
  missing: ["kraPin", "device"],
};
const connected: EtimsStatus = {
  ...notConnected,
  connected: true,
  kraPin: "P051234567Q",
  bhfId: "00",
  taxpayerName: "Duka A Ltd",
  branchName: "Headquarter",
  sdcId: "KRACU000000001",
  mrcNo: "WIS00000001",
  deviceSerial: "dvc-1",
  initialisedAt: "2026-11-28T10:00:00.000Z",
  codeListsFetchedAt: "2026-11-28T10:00:01.000Z",
  itemClassesFetchedAt: "2026-11-28T10:00:01.000Z",
  missing: [],
};
const status = `GET /api/etims/status`;

const renderCard = () =>
  render(
    <Provider store={ownerStore()}>
      <EtimsCard businessId={BUSINESS_A._id} kraPin={null} />
    </Provider>,
  );

describe("the KRA eTIMS card in Settings", () => {
  it("says what is missing, then connects with the PIN, branch and serial and says as whom", async () => {
    let now = notConnected;
    const fetch = stubApi({
      [status]: () => now,
      "PUT /api/etims/device": () => (now = connected),
    });
    renderCard();
    expect(await screen.findByText(/eTIMS is not connected/)).toBeTruthy();
    expect(screen.getByText(/the business's KRA PIN; the eTIMS device/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("KRA PIN"), { target: { value: "p051234567q" } });
    fireEvent.change(screen.getByLabelText("Device serial number"), { target: { value: "dvc-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Connect to eTIMS" }));
    expect(await screen.findByText(/Connected to eTIMS as Duka A Ltd \(PIN P051234567Q, branch 00\)/)).toBeTruthy();
    expect(screen.getByText(/KRA's test system \(sandbox\)/)).toBeTruthy();
    const put = fetch.mock.calls.map((c) => c[0]).find((r) => r.method === "PUT")!;
    expect(await put.json()).toEqual({
      businessId: BUSINESS_A._id,
      kraPin: "P051234567Q",
      bhfId: "00",
      deviceSerial: "dvc-1",
    });
  });

  it("checks the form before asking the server: a malformed PIN, a branch that is not two digits", async () => {
    const fetch = stubApi({ [status]: () => notConnected });
    renderCard();
    await screen.findByText(/eTIMS is not connected/);
    fireEvent.change(screen.getByLabelText("KRA PIN"), { target: { value: "123" } });
    fireEvent.change(screen.getByLabelText("Branch id"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Connect to eTIMS" }));
    expect(await screen.findByText(/A KRA PIN is a letter, nine digits and a letter/)).toBeTruthy();
    expect(screen.getByText("The branch id is two digits (00 for the head office)")).toBeTruthy();
    expect(fetch.mock.calls.filter((c) => c[0].method === "PUT")).toEqual([]);
  });

  it("shows an error when the status cannot be loaded", async () => {
    stubApi({ [status]: () => ({ __status: 500, error: { code: "INTERNAL_ERROR", message: "Boom" } }) });
    renderCard();
    await waitFor(() => expect(screen.getByText(/The eTIMS settings could not be loaded/)).toBeTruthy());
  });
});
