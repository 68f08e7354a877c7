import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { createToastStore } from "./toast-store.ts";
import { Toaster } from "./toaster.tsx";

describe("Toaster", () => {
  it("keeps its live regions in the page and fills them: a status politely, an error as an alert", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe("");
    act(() => {
      store.show({ title: "Profile updated successfully" });
    });
    expect(screen.getByRole("status").textContent).toContain("Profile updated successfully");
    act(() => {
      store.show({ title: "Error", description: "Invalid password", variant: "destructive" });
    });
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe("ErrorInvalid password");
  });

  it("can be dismissed with its button", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ title: "Link copied", description: "Article link copied to clipboard" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss message" }));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("offers a toast's action as a link; following it dismisses the toast", async () => {
    const store = createToastStore();
    render(
      <MemoryRouter initialEntries={["/news"]}>
        <Toaster store={store} />
        <Routes>
          <Route path="/news" element={<p>news page</p>} />
          <Route path="/login" element={<p>sign-in page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => {
      store.show({ title: "Sign in to vote", action: { label: "Sign in", to: "/login?next=%2Fnews" } });
    });
    const link = screen.getByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toBe("/login?next=%2Fnews");
    fireEvent.click(link);
    expect(await screen.findByText("sign-in page")).toBeInTheDocument();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
