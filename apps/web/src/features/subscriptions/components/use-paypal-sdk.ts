import { useEffect, useState } from "react";

/** The part of PayPal's JS SDK (window.paypal) the page uses. */
export type PaypalNamespace = {
  Buttons: (options: {
    style?: Record<string, string>;
    createOrder: (data: unknown, actions: { order: { create: (order: object) => Promise<string> } }) => Promise<string>;
    onApprove: (
      data: { orderID: string },
      actions: { order: { capture: () => Promise<PaypalOrder> } },
    ) => Promise<void>;
    onError?: (err: unknown) => void;
    onCancel?: () => void;
  }) => { render: (el: HTMLElement) => Promise<void>; close?: () => Promise<void> };
};
export type PaypalOrder = { purchase_units?: { payments?: { captures?: { id?: string; status?: string }[] } }[] };

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

type SdkState = "loading" | "ready" | "failed";
const loads = new Map<string, Promise<void>>();

function load(src: string): Promise<void> {
  let promise = loads.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.sdk = "paypal";
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        loads.delete(src);
        reject(new Error(`The PayPal script did not load from ${src}`));
      };
      document.head.appendChild(script);
    });
    loads.set(src, promise);
  }
  return promise;
}

/** Loads PayPal's checkout script with the configured client id (USD, capture); a failure is logged (spec section 8). */
export function usePaypalSdk(sdkUrl: string | null, clientId: string | null): SdkState {
  const [state, setState] = useState<SdkState>("loading");
  useEffect(() => {
    if (!sdkUrl || !clientId) return;
    let live = true;
    const src = `${sdkUrl}?${new URLSearchParams({ "client-id": clientId, currency: "USD", intent: "capture", components: "buttons" })}`;
    load(src).then(
      () => live && setState(window.paypal ? "ready" : "failed"),
      (err: unknown) => {
        console.error("Payment provider script failed to load", err);
        if (live) setState("failed");
      },
    );
    return () => {
      live = false;
    };
  }, [sdkUrl, clientId]);
  return state;
}
