import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AvatarMenu } from "./avatar-menu.tsx";

const renderMenu = (early?: { focused: boolean; opened: boolean }) =>
  render(
    <MemoryRouter>
      <AvatarMenu onSearch={() => undefined} user={null} early={early} />
    </MemoryRouter>,
  );

describe("AvatarMenu taking over from its stand-in button", () => {
  it("keeps the focus the stand-in had", () => {
    renderMenu({ focused: true, opened: false });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens when the stand-in was pressed", async () => {
    renderMenu({ focused: true, opened: true });
    expect(await screen.findByRole("menuitem", { name: "Admin" })).toBeTruthy();
  });

  it("does nothing of the sort when the stand-in was untouched", () => {
    renderMenu();
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
