import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SignInLink } from "./sign-in-link.tsx";

const linkAt = (at: string) => {
  render(
    <MemoryRouter initialEntries={[at]}>
      <SignInLink>Sign in</SignInLink>
    </MemoryRouter>,
  );
  const href = screen.getByRole("link", { name: "Sign in" }).getAttribute("href");
  cleanup();
  return href;
};

describe("SignInLink", () => {
  it("leads to the sign-in page and back to the page it is on", () => {
    expect(linkAt("/settings")).toBe("/login?next=%2Fsettings");
    expect(linkAt("/stories?sort=coverage")).toBe("/login?next=%2Fstories%3Fsort%3Dcoverage");
  });

  it("needs no return path from home", () => {
    expect(linkAt("/")).toBe("/login");
  });
});
