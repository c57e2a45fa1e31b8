import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLAN_DEFAULTS } from "@app/shared/subscriptions/constants";
import type { Plan } from "@app/shared/subscriptions/plan";
import { OFFERED_PLANS_PAGE_SIZE } from "@app/shared/subscriptions/subscribe-steps";
import { ownerStore, stubApi } from "../../../test/test-api.ts";
import { PlanPicker } from "./plan-picker.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** 45 plans on offer, newest first, as the server pages them. */
const PLANS: Plan[] = Array.from({ length: 45 }, (_, i) => ({
  ...PLAN_DEFAULTS,
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Plan ${String(44 - i).padStart(2, "0")}`,
  description: i === 44 ? "The oldest, far down the list" : "A plan",
  price: 100_000,
  subscriptionCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
}));

function serve() {
  return stubApi({
    "GET /api/subscriptions/plans": (url) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const page = Number(url.searchParams.get("page"));
      const size = Number(url.searchParams.get("pageSize"));
      const found = PLANS.filter((p) => `${p.name} ${p.description}`.toLowerCase().includes(q));
      return { items: found.slice(page * size, (page + 1) * size), total: found.length };
    },
  });
}

function Picker({ onChoose }: { onChoose: (p: Plan) => void }) {
  const [chosen, setChosen] = useState<Plan | null>(null);
  return (
    <PlanPicker
      chosen={chosen}
      onChoose={(p) => {
        setChosen(p);
        onChoose(p);
      }}
    />
  );
}

// Plain DOM queries: role queries over dozens of MUI radios are slow in jsdom.
const radios = () => [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const radioOf = (name: string) => radios().find((r) => r.closest("label")!.textContent!.includes(name))!;
const showMore = () => screen.queryByText("Show more plans");
const searchBox = () => screen.getByPlaceholderText("Search plans");
/** Up to 45 MUI radios rendered in jsdom take seconds on a busy machine. */
const SLOW = 20_000;

describe("Subscribe Business, step 1: every plan on offer can be reached", () => {
  it(
    "shows a page of plans on offer and the next on 'Show more plans' until all are shown",
    async () => {
      const fetch = serve();
      render(
        <Provider store={ownerStore()}>
          <Picker onChoose={() => undefined} />
        </Provider>,
      );
      await waitFor(() => expect(radios()).toHaveLength(OFFERED_PLANS_PAGE_SIZE));
      expect(screen.getByText(`${OFFERED_PLANS_PAGE_SIZE} of 45 shown`)).toBeTruthy();
      fireEvent.click(showMore()!);
      await waitFor(() => expect(radios()).toHaveLength(2 * OFFERED_PLANS_PAGE_SIZE));
      fireEvent.click(showMore()!);
      await waitFor(() => expect(radios()).toHaveLength(45));
      expect(showMore()).toBeNull();
      expect(radioOf("Plan 00")).toBeTruthy();
      // Only plans on offer are asked for, a page at a time.
      const asked = fetch.mock.calls.map((c) => Object.fromEntries(new URL(c[0].url).searchParams));
      expect(asked).toEqual(
        [0, 1, 2].map((page) => ({ isActive: "true", page: String(page), pageSize: String(OFFERED_PLANS_PAGE_SIZE) })),
      );
    },
    SLOW,
  );

  it(
    "searches on the server; the chosen plan stays listed and checked when a search hides it",
    async () => {
      const fetch = serve();
      const onChoose = vi.fn();
      render(
        <Provider store={ownerStore()}>
          <Picker onChoose={onChoose} />
        </Provider>,
      );
      await waitFor(() => expect(radios()).toHaveLength(OFFERED_PLANS_PAGE_SIZE));
      fireEvent.change(searchBox(), { target: { value: "far down" } });
      await waitFor(() => expect(radios()).toHaveLength(1));
      expect(new URL(fetch.mock.calls.at(-1)![0].url).searchParams.get("q")).toBe("far down");
      fireEvent.click(radioOf("Plan 00"));
      expect(onChoose).toHaveBeenCalledWith(PLANS[44]);

      fireEvent.change(searchBox(), { target: { value: "Plan 4" } });
      await waitFor(() => expect(radios()).toHaveLength(6)); // Plan 40..44, and the chosen Plan 00 first
      expect(radios()[0]!.closest("label")!.textContent).toContain("Plan 00");
      expect(radioOf("Plan 00").checked).toBe(true);

      fireEvent.change(searchBox(), { target: { value: "zebra" } });
      await waitFor(() => expect(screen.getByText("No plan on offer matches “zebra”.")).toBeTruthy());
    },
    SLOW,
  );
});
