// The table's WebSocket to its game (docs/protocol.md, "WebSocket protocol"): it speaks protocol 2,
// so after the whole game in a `state` frame the server sends only what changed, in `delta` frames,
// and this module applies them (gamechange.js): the table is handed the whole game after every
// frame, as if each were a `state` frame. A delta that does not follow the moment this page has (a
// frame missed, or none yet) is not applied: the page asks for the whole state again (`sync`).
// Protocol 2 sends the legal moves compact: they are made whole (legalmoves.js) as each frame comes,
// so the table sees the moves protocol 1 lists. A game's options and meta come once, with the
// connection's first `state` frame (they never change while it is played): they are kept here and
// are in every game the table is handed.

import { applyChange } from "./gamechange.js";
import { expandMoves } from "./legalmoves.js";

/** The subprotocol that asks the server for delta frames (protocol 2). */
export const DELTAS = "asobiba.2";

/** The keys of the game the server sends once a connection, with its first `state` frame. */
const ONCE = ["options", "meta"];

/**
 * Open the game's socket, presenting `protocols` (the seat tokens, seats.js). `on` takes the
 * frames: `state(game)` (the whole game, a fresh object each time), `hint(hint)`, `error(frame)`,
 * `open()` and `close(event)`. Returns `send(message)` (false when the connection is not open)
 * and `close()`.
 */
export function tableSocket(gameId, protocols, on) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}`, [DELTAS, ...protocols]);
  let game = null; // the whole game as of moment `moment`
  let moment = null;
  let once = null; // the keys of ONCE, from the first state frame

  function send(message) {
    if (socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  socket.addEventListener("open", () => on.open());
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (socket.protocol === DELTAS && frame.game?.legal !== undefined) {
      frame.game.legal = expandMoves(frame.game.legal);
    }
    if (frame.type === "state") {
      once ??= Object.fromEntries(ONCE.filter((key) => key in frame.game).map((key) => [key, frame.game[key]]));
      game = { ...once, ...frame.game };
      moment = frame.v ?? null;
      on.state({ ...game });
    } else if (frame.type === "delta") {
      if (game === null || frame.base !== moment) {
        game = null; // until the whole state comes back
        send({ type: "sync" });
        return;
      }
      game = applyChange(game, frame.game);
      moment = frame.v;
      on.state({ ...game });
    } else if (frame.type === "hint") on.hint(frame.hint);
    else if (frame.type === "error") on.error(frame);
  });
  socket.addEventListener("close", (event) => on.close(event));
  return { send, close: () => socket.close() };
}
