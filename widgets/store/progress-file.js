// A progress file: what the puzzle trainer and the Learn section write when the reader exports
// their progress, and read back when it is imported on this or another device. Not a widget: a
// module both import. The file is JSON with a `kind` naming whose progress it is; a file that is
// too big, not JSON, or of another kind is refused with a sentence saying so, and nothing stored
// changes (merging what was read is the caller's, through storage.js).

import { LIMITS } from "./storage.js";

export function megabytes(bytes) {
  return `${(bytes / 1_000_000).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
}

// The day as the files name it: 2026-11-26.
export function fileDay(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

// Offer `doc` (with its kind and the day) to the reader as a download named <kind>-<day>.json.
export function saveProgressFile(kind, doc, now = new Date()) {
  const day = fileDay(now);
  const blob = new Blob([JSON.stringify({ kind, exported: day, ...doc }, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${kind}-${day}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

// Read a chosen file: {data} when it is a progress file of `kind`, or {problem} (a sentence for
// the reader) when it is not. `exportLabel` names the control that writes such a file.
export async function readProgressFile(file, kind, exportLabel) {
  const name = `“${file.name.slice(0, 60)}”`;
  if (file.size > LIMITS.importBytes) {
    return { problem: `${name} is ${megabytes(file.size)}: a progress file may be at most ${megabytes(LIMITS.importBytes)} (an exported one is far smaller). Nothing was imported.` };
  }
  let data = null;
  try {
    data = JSON.parse(await file.text());
  } catch {
    data = null;
  }
  if (!data || typeof data !== "object" || data.kind !== kind) {
    return { problem: `${name} is not a progress file of this kind: export one with “${exportLabel}”. Nothing was imported.` };
  }
  return { data };
}
