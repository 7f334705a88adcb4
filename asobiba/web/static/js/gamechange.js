// @ts-check
// A delta frame's change applied to the game it follows (docs/protocol.md, "Delta frames"): the
// same rules as the server's asobiba/web/frames.py. Each key of a change is the key's new value,
// or, by its first character: "-" the key is gone, "~" its object changes as the nested change says,
// "+" its list keeps its first `kept` entries and goes on with `tail`, "<" its long text (cut
// before each "<") has its parts spliced. The game given is never modified.

const CUT = "<";

/**
 * The object `game` after `change` (a new object; `game` left as it was).
 * @param {Record<string, any>} game
 * @param {Record<string, any>} change
 * @returns {Record<string, any>}
 */
export function applyChange(game, change) {
  const out = { ...game };
  for (const [key, value] of Object.entries(change)) {
    const mark = key[0];
    const name = key.slice(1);
    if (mark === "<") {
      const parts = game[name].split(CUT);
      for (const [at, count, added] of value) parts.splice(at, count, ...added);
      out[name] = parts.join(CUT);
    } else if (mark === "+") {
      const [kept, tail] = value;
      out[name] = game[name].slice(0, kept).concat(tail);
    } else if (mark === "~") {
      out[name] = applyChange(game[name], value);
    } else if (mark === "-") {
      delete out[name];
    } else {
      out[key] = value;
    }
  }
  return out;
}
