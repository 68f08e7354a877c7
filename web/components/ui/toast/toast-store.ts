/** One toast visible at a time, auto-dismissed after 5 s, forgotten after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";
/** A link the toast offers, e.g. 'Sign in' after 'Sign in to vote'. */
export type ToastAction = { label: string; to: string };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; action?: ToastAction };
export type Toast = ToastInput & { id: number; variant: ToastVariant; open: boolean };

type Listener = (toasts: readonly Toast[]) => void;

/** A tiny store so any code (not only components) can raise a toast. */
export function createToastStore() {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function emit(next: readonly Toast[]) {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  }

  function schedule(id: number, delay: number, action: () => void) {
    clearTimeout(timers.get(id));
    timers.set(id, setTimeout(action, delay));
  }

  function remove(id: number) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    emit(toasts.filter((t) => t.id !== id));
  }

  function dismiss(id: number) {
    emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
    schedule(id, TOAST_REMOVE_DELAY_MS, () => remove(id));
  }

  function show(input: ToastInput): number {
    const id = nextId++;
    const toast: Toast = { ...input, id, variant: input.variant ?? "default", open: true };
    const kept = [toast, ...toasts].slice(0, TOAST_LIMIT);
    for (const dropped of toasts.filter((t) => !kept.includes(t))) {
      clearTimeout(timers.get(dropped.id));
      timers.delete(dropped.id);
    }
    emit(kept);
    schedule(id, TOAST_DURATION_MS, () => dismiss(id));
    return id;
  }

  /** Holds a toast open while the pointer or focus is on it (WCAG 2.2.1). */
  function pause(id: number) {
    if (toasts.some((t) => t.id === id && t.open)) clearTimeout(timers.get(id));
  }

  /** Lets a paused toast go again, with the full time to read it. */
  function resume(id: number) {
    if (toasts.some((t) => t.id === id && t.open)) schedule(id, TOAST_DURATION_MS, () => dismiss(id));
  }

  return {
    show,
    dismiss,
    pause,
    resume,
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

export const toastStore = createToastStore();

/** Shows a toast from anywhere in the app. */
export const toast = (input: ToastInput) => toastStore.show(input);
