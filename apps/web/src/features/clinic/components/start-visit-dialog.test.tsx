import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Patient } from "@app/shared/clinic/patient";
import { BUSINESS_A, ownerStore, stubApi } from "../../../test/test-api.ts";
import { StartVisitDialog } from "./start-visit-dialog.tsx";

// Issue 33 item 5: while the price list loads the dialog said "No consultation fee is on the price
// list" and a quick click queued the visit without its fee. Now it says it is loading and waits.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clinic = { ...BUSINESS_A, businessType: "clinic" as const };
const patient: Patient = {
  _id: "44444444-4444-4444-8444-444444444444",
  businessId: clinic._id,
  patientNumber: 1,
  fullName: "Wanjiku Kamau",
  sex: "female",
  birthDate: null,
  phone: null,
  idNumber: null,
  residence: null,
  nextOfKin: null,
  memberNumber: null,
  allergies: "",
  archived: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const fee = {
  _id: "55555555-5555-4555-8555-555555555555",
  kind: "consultation",
  name: "GP visit",
  price: 50_000,
  active: true,
};

/** The price list answers only when the test releases it (a slow network). */
function slowPriceList(services: unknown[]) {
  const answer = stubApi({
    "GET /api/clinic/services": () => services,
    "POST /api/consultations": () => ({ __status: 201, _id: patient._id, visitNumber: 7 }),
  });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  vi.stubGlobal("fetch", async (req: Request) => {
    if (new URL(req.url).pathname === "/api/clinic/services") await gate;
    return answer(req);
  });
  return { answer, release };
}
const posts = (answer: ReturnType<typeof stubApi>) =>
  answer.mock.calls.map(([r]) => r as Request).filter((r) => r.method === "POST");

function open() {
  render(
    <Provider store={ownerStore(clinic)}>
      <StartVisitDialog patient={patient} onClose={() => {}} />
    </Provider>,
  );
}

describe("the start-visit dialog", () => {
  it("says the price list is loading and cannot queue a visit until it has loaded; then sends its fee", async () => {
    const { answer, release } = slowPriceList([fee]);
    open();
    expect(screen.getByText("Loading the price list…")).toBeTruthy();
    expect(screen.queryByText(/No consultation fee/)).toBeNull();
    const queue = screen.getByRole("button", { name: "Queue visit" }) as HTMLButtonElement;
    expect(queue.disabled).toBe(true);
    fireEvent.click(queue);
    expect(posts(answer)).toEqual([]);
    release();
    await waitFor(() => expect(queue.disabled).toBe(false));
    expect(screen.queryByText("Loading the price list…")).toBeNull();
    fireEvent.click(queue);
    await waitFor(() => expect(posts(answer)).toHaveLength(1));
    expect(await posts(answer)[0]!.json()).toEqual({
      businessId: clinic._id,
      patientId: patient._id,
      serviceId: fee._id,
    });
  });

  it("says there is no consultation fee only once the loaded list has none", async () => {
    const { release } = slowPriceList([]);
    open();
    expect(screen.queryByText(/No consultation fee/)).toBeNull();
    release();
    expect(await screen.findByText(/No consultation fee is on the price list/)).toBeTruthy();
  });
});
