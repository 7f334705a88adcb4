// Starting a game from the lobby's choices, and "new game" at the table with the same choices.
// Table settings (not rules): opponent (computer / people on one device), computer strength, and
// who moves first: `firstSeat` ("you", or "alternate" between games) or `starter` ("computer":
// the computer's seat comes first; "roll" and "you" are rules the lobby sends as options).

import { postJSON } from "./api.js";

const ALTERNATE_KEY = "asobiba.alternate";

/** 0, 1, 2, ... on successive calls (persisted), modulo n: the seat offset for "alternate". */
function nextAlternate(n) {
  const count = Number(localStorage.getItem(ALTERNATE_KEY) ?? "0") || 0;
  localStorage.setItem(ALTERNATE_KEY, String(count + 1));
  return count % n;
}

/** Which seat the person takes when playing the computer: the first mover's (the first seat when
 * chance decides), the one after it when the computer starts, or in turn with "alternate". */
function humanSeat(setup, settings) {
  const n = setup.players.length;
  const first = Math.max(0, setup.players.indexOf(setup.first));
  if (settings.starter === "computer") return (first + 1) % n;
  const offset = settings.firstSeat === "alternate" ? nextAlternate(n) : 0;
  return (first + offset) % n;
}

export function seatsFor(setup, settings) {
  if (settings.opponent === "people") return setup.players.map(() => ({ type: "human" }));
  const human = humanSeat(setup, settings);
  return setup.players.map((_, i) =>
    i === human ? { type: "human" } : { type: "computer", level: settings.level },
  );
}

/** Create the game on the server; returns its page URL. */
export async function launch(gameId, options, settings) {
  const setup = await postJSON("/api/setup", { game: gameId, options });
  const seats = seatsFor(setup, settings);
  const created = await postJSON("/api/games", {
    game: gameId,
    options,
    seats,
    meta: { settings },
  });
  return created.url;
}
