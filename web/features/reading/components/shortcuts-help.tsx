import { READING_SHORTCUTS } from "../../../../contracts/reading-catalog.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { closeShortcutsHelp } from "../../../lib/list-keyboard.ts";

/** The '?' help: every list shortcut (contracts/reading-catalog.ts READING_SHORTCUTS). */
export function ShortcutsHelp() {
  return (
    <Dialog
      open
      onClose={closeShortcutsHelp}
      title="Keyboard shortcuts"
      description="On any list of articles, when you are not typing in a field."
    >
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {READING_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action} className="border-t border-line first:border-t-0">
              <td className="py-2 pr-4 whitespace-nowrap">
                {shortcut.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? <span className="px-1 text-muted">or</span> : null}
                    <kbd className="rounded border border-line bg-zinc-900 px-1.5 py-0.5 font-mono text-xs text-zinc-100">
                      {key}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className="py-2 text-zinc-200">{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
