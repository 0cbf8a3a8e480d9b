// Runs the built site's own search (Material's search worker and the search index the build wrote)
// under Node, and prints, for each query, the sections in the order the search box lists them.
//
//   node tests/site/search.mjs <site dir> <query> [<query> ...]   -> {"query": ["page/#section", ...]}
//
// The worker is the file the browser runs (assets/javascripts/workers/search.*.min.js), given the
// messages the page would send it: the index, then each query.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";

const SETUP = 0;
const QUERY = 2;

const [site, ...queries] = process.argv.slice(2);
const dir = join(site, "assets", "javascripts", "workers");
const worker = readdirSync(dir).find((f) => /^search\..*\.min\.js$/.test(f));
if (!worker) throw new Error(`no search worker in ${dir}`);

let onMessage = null;
const replies = [];
const scope = {
  console,
  addEventListener: (type, fn) => {
    if (type === "message") onMessage = fn;
  },
  postMessage: (message) => replies.push(message),
};
scope.self = scope;
vm.createContext(scope);
vm.runInContext(readFileSync(join(dir, worker), "utf8"), scope, { filename: worker });

async function send(type, data) {
  replies.length = 0;
  await onMessage({ data: { type, data } });
  return replies[0];
}

const index = JSON.parse(readFileSync(join(site, "search", "search_index.json"), "utf8"));
await send(SETUP, { ...index, options: { suggest: false } });
const out = {};
for (const query of queries) {
  const reply = await send(QUERY, query);
  // One group per page, in the order listed; the search box shows a group's page first, then
  // its sections in the order given.
  out[query] = reply.data.items.flatMap((group) => {
    const page = group.filter((item) => !item.location.includes("#"));
    return [...page, ...group.filter((item) => item.location.includes("#"))].map((item) => item.location);
  });
}
console.log(JSON.stringify(out));
