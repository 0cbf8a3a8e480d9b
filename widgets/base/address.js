// A tool's state in the page's address (its permalink): read each field whole, written back
// without a new history entry, with `/` and `,` left readable and no fragment.

// Read the widget's state from the address (tool pages), each value whole: the widget that reads a
// field checks it, and one it cannot take (too long included) is named in its message; a link the
// site wrote is always read back in full.
export function addressParams(names) {
  const params = new URLSearchParams(location.search);
  const out = {};
  for (const name of names) {
    if (params.has(name)) out[name] = params.get(name);
  }
  return out;
}

// Write the state into the address without a new history entry; `/` and `,` stay readable. The
// address is the tool's permalink, so it carries no fragment: a heading's anchor (#how-to-use-it)
// in a shared link would scroll the reader away from the tool.
export function writeAddress(values) {
  // The widget's own values first, in its order, then anything else the address held.
  const params = [];
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== "") params.push([key, String(value)]);
  }
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (!(key in values)) params.push([key, value]);
  }
  const query = params
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2F/gi, "/").replace(/%2C/gi, ",")}`)
    .join("&");
  const url = `${location.pathname}${query ? `?${query}` : ""}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, "", url);
}
