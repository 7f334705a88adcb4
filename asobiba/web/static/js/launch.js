// Starting a game from the lobby's choices, and "new game" at the table with the same choices.
// Table settings (not rules): opponent (computer / people on one device / friends on their own
// devices, each other seat a friend, a person on this device or the computer at a level: `mix`), computer strength, and who moves
// first. The browser that creates a game keeps its token and the invite links (seats.js). For a game whose rules can name the starter (starter.js), `starter` is a rule
// the lobby sends as an option and the person takes the first seat; for the others the person
// takes the first mover's seat, or the seats in turn between games (`firstSeat`: "you",
// "alternate"). A rematch is the server's (friends.js).

import { postJSON } from "./api.js";
import { gameEntry } from "./catalog.js";
import { rememberCreated } from "./seats.js";
import { starterOption } from "./starter.js";

const ALTERNATE_KEY = "asobiba.alternate";

/** 0, 1, 2, ... on successive calls (persisted), modulo n: the seat offset for "alternate". */
function nextAlternate(n) {
  const count = Number(localStorage.getItem(ALTERNATE_KEY) ?? "0") || 0;
  localStorage.setItem(ALTERNATE_KEY, String(count + 1));
  return count % n;
}

/** Which seat the person takes when playing the computer: the first seat when a rule says who
 * starts, else the first mover's, or in turn with "alternate". */
function humanSeat(setup, settings, ruleStarts) {
  if (ruleStarts) return 0;
  const n = setup.players.length;
  const first = Math.max(0, setup.players.indexOf(setup.first));
  const offset = settings.firstSeat === "alternate" ? nextAlternate(n) : 0;
  return (first + offset) % n;
}

function seatsFor(setup, settings, ruleStarts) {
  if (settings.opponent === "people") return setup.players.map(() => ({ type: "human" }));
  const human = humanSeat(setup, settings, ruleStarts);
  const computer = { type: "computer", level: settings.level };
  if (settings.opponent === "friends") {
    let other = 0;
    return setup.players.map((_, i) => {
      if (i === human) return { type: "human" };
      const kind = settings.mix?.[other++] ?? "friend"; // friend, here, or a computer level
      if (kind === "friend") return { type: "invite" };
      return kind === "here" ? { type: "human" } : { type: "computer", level: kind };
    });
  }
  return setup.players.map((_, i) => (i === human ? { type: "human" } : computer));
}

/** Create a game, keep its token and invites in this browser; its page URL. */
async function create(body) {
  const created = await postJSON("/api/games", body);
  rememberCreated(created);
  return created.url;
}

/** Options as the server takes them: a value left to the game (null, e.g. "auto") is left out. */
function sendable(options) {
  return Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== null));
}

/** Create the game on the server; returns its page URL. */
export async function launch(gameId, rules, settings) {
  const options = sendable(rules);
  const setup = await postJSON("/api/setup", { game: gameId, options });
  const entry = await gameEntry(gameId);
  const seats = seatsFor(setup, settings, Boolean(entry && starterOption(entry)));
  return create({ game: gameId, options, seats, meta: { settings } });
}
