import { act, fireEvent, render, screen } from "@testing-library/react";
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
});
