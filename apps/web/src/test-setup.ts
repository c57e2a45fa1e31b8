import "fake-indexeddb/auto";
import { createElement, type ComponentType, type ReactNode } from "react";
import type * as TestingLibrary from "@testing-library/react";
import { vi } from "vitest";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { messages as appMessages } from "./locales/en/app.po";

// The app renders inside Lingui's I18nProvider (app/app.tsx); so does every component a test
// renders, in English, the source language whose texts the tests read.
i18n.loadAndActivate({ locale: "en", messages: appMessages });

vi.mock("@testing-library/react", async (importOriginal) => {
  const original = await importOriginal<typeof TestingLibrary>();
  const withI18n =
    (Inner?: ComponentType<{ children: ReactNode }>) =>
    ({ children }: { children: ReactNode }) =>
      createElement(I18nProvider, { i18n }, Inner ? createElement(Inner, null, children) : children);
  type Options = { wrapper?: ComponentType<{ children: ReactNode }> } | undefined;
  const render = (ui: ReactNode, options?: Options) =>
    original.render(ui as never, { ...options, wrapper: withI18n(options?.wrapper) } as never);
  const renderHook = (hook: (props: unknown) => unknown, options?: Options) =>
    original.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) } as never);
  return { ...original, render, renderHook };
});
