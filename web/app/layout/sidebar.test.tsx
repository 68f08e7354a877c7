import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Sidebar } from "./sidebar.tsx";

function renderSidebar(props: Partial<Parameters<typeof Sidebar>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <Sidebar open={false} onClose={onClose} signedIn={false} isLargeScreen {...props} />
    </MemoryRouter>,
  );
  return { onClose };
}

describe("Sidebar", () => {
  it("lists the main pages top to bottom with their paths", () => {
    renderSidebar();
    const links = within(screen.getByRole("navigation", { name: "Main" })).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/"],
      ["Stories", "/stories"],
      ["Market Sentiment", "/market-sentiment"],
      ["Tokens", "/tokens"],
      ["Favorites", "/favorites"],
      ["Blurts", "/blurts"],
      ["Blog", "/blog"],
      ["Search Trends", "/google-trends"],
    ]);
  });

  it("shows Sign In to visitors and the user section to members", () => {
    renderSidebar({ signedIn: false });
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("navigation", { name: "Your account" })).toBeNull();
  });

  it("shows Profile, Notifications, Your feeds and Settings to a signed-in member", () => {
    renderSidebar({ signedIn: true });
    const links = within(screen.getByRole("navigation", { name: "Your account" })).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Profile", "Notifications", "Your feeds", "Settings"]);
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
  });

  it("puts the unread count on the Notifications link, with the count in its name", () => {
    renderSidebar({ signedIn: true, unread: 4 });
    const link = screen.getByRole("link", { name: "Notifications, 4 unread" });
    expect(link.getAttribute("href")).toBe("/notifications");
    expect(within(link).getByTestId("unread-badge").textContent).toBe("4");
  });

  it("shows no badge at 0 (or below), and 99+ past 99", () => {
    const { unmount } = render(
      <MemoryRouter>
        <Sidebar open={false} onClose={() => undefined} signedIn isLargeScreen unread={-2} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.queryByTestId("unread-badge")).toBeNull();
    unmount();
    renderSidebar({ signedIn: true, unread: 120 });
    expect(screen.getByTestId("unread-badge").textContent).toBe("99+");
  });

  it("is a fixed panel on large screens, with no close button or overlay", () => {
    renderSidebar({ isLargeScreen: true });
    expect(screen.queryByRole("button", { name: "Close menu" })).toBeNull();
    expect(screen.queryByTestId("sidebar-overlay")).toBeNull();
    expect(screen.getByRole("complementary", { name: "Sidebar" }).hasAttribute("inert")).toBe(false);
  });

  it("as a closed drawer it is out of reach", () => {
    renderSidebar({ isLargeScreen: false, open: false });
    expect(screen.getByRole("complementary", { hidden: true, name: "Sidebar" }).hasAttribute("inert")).toBe(true);
  });

  it("as an open drawer it locks scroll and closes on its button, the overlay and Escape", () => {
    const { onClose } = renderSidebar({ isLargeScreen: false, open: true });
    expect(document.body.style.overflow).toBe("hidden");
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    fireEvent.click(screen.getByTestId("sidebar-overlay"));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
