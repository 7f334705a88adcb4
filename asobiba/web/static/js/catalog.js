// The games as the server's catalog describes them (GET /api/catalog, docs/protocol.md): names, seats,
// verbs, ways of ending, solution tables. Fetched once per page load; the catalog never changes
// while the server runs.

import { getJSON } from "./api.js";
import { pick } from "./i18n.js";

let loading = null;

/** The whole catalog ({games, levels}), fetched on first use. */
export function loadCatalog() {
  loading ??= getJSON("/api/catalog").catch((err) => {
    loading = null; // try again next time
    throw err;
  });
  return loading;
}

/** The catalog entry of a game id (null for a game the catalog does not offer). */
export async function gameEntry(gameId) {
  const catalog = await loadCatalog();
  return catalog.games.find((g) => g.id === gameId) ?? null;
}

/** A seat's name in the page's language ("red" → 赤 / Red); unknown seats show their id. */
export function seatName(entry, seat) {
  return pick(entry?.seats?.[seat]) || seat;
}

/** How many can play a game, as text ("2–3", "2"): the choices or the range of its `players`
 * option, else the seats of its lobby set-up. */
export function playerCounts(entry) {
  const spec = entry.options.find((s) => s.name === "players");
  const counts = spec?.choices ?? (spec && spec.min !== null ? [spec.min, spec.max] : null);
  if (!counts) return String(entry.setup.players.length);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  return low === high ? String(low) : `${low}–${high}`;
}
