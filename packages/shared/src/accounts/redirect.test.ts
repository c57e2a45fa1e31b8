import { describe, expect, it } from "vitest";
import { isPublicRoute, protectedRouteRedirect } from "./redirect.ts";

describe("protected route redirects (spec section 2, access rules)", () => {
  it("no access key: /home, even when a user is somehow signed in", () => {
    expect(protectedRouteRedirect({ accessKeyType: null, signedIn: false })).toBe("/home");
    expect(protectedRouteRedirect({ accessKeyType: null, signedIn: true })).toBe("/home");
  });
  it("admin key but no user: /adminaccounts", () => {
    expect(protectedRouteRedirect({ accessKeyType: "adminKey", signedIn: false })).toBe("/adminaccounts");
  });
  it("normal key but no user: /normalaccounts", () => {
    expect(protectedRouteRedirect({ accessKeyType: "normalKey", signedIn: false })).toBe("/normalaccounts");
  });
  it("any other unauthenticated case: /login", () => {
    expect(protectedRouteRedirect({ accessKeyType: "somethingElse", signedIn: false })).toBe("/login");
  });
  it("a key and a user: no redirect", () => {
    expect(protectedRouteRedirect({ accessKeyType: "adminKey", signedIn: true })).toBeNull();
    expect(protectedRouteRedirect({ accessKeyType: "normalKey", signedIn: true })).toBeNull();
  });
  it("knows the public routes", () => {
    for (const p of ["/home", "/adminaccounts", "/normalaccounts", "/home/"]) expect(isPublicRoute(p)).toBe(true);
    for (const p of ["/", "/pos", "/settings", "/homework"]) expect(isPublicRoute(p)).toBe(false);
  });
});
