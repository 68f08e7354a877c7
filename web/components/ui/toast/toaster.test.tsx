import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createToastStore } from "./toast-store.ts";
import { Toaster } from "./toaster.tsx";

describe("Toaster", () => {
  it("announces a toast as a status, and a destructive one as an alert", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ title: "Profile updated successfully" });
    });
    expect(screen.getByRole("status").textContent).toContain("Profile updated successfully");
    act(() => {
      store.show({ title: "Error", description: "Invalid password", variant: "destructive" });
    });
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("ErrorInvalid password");
  });

  it("can be dismissed with its button", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ title: "Link copied", description: "Article link copied to clipboard" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
