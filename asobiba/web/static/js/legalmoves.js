// @ts-check
// The legal moves of a protocol-2 frame made whole again (docs/protocol.md, "Compact legal moves"),
// the same rules as the server's asobiba/web/frames.py: each move comes without the fields that
// equal the usual ones, which are rebuilt from its action, notation and cells: `from` and `to` null,
// the `path` from `from` to `to` (those not null), no `drops`, no `verb`; and, when the moves carry
// words (`words: true`), the `move` kind, the notation as the words in both languages, no `data`.

/**
 * A legal move as a frame sends it: the action and its notation, with whatever else differs from
 * the usual fields.
 * @typedef {{action: number, notation: string, from?: string | null, to?: string | null} & Record<string, unknown>} CompactMove
 */

/**
 * The moves `{words?, moves}` of a protocol-2 frame as protocol 1 lists them (new objects).
 * @param {{words?: boolean, moves: CompactMove[]}} legal
 * @returns {Record<string, unknown>[]}
 */
export function expandMoves(legal) {
  const worded = legal.words === true;
  return legal.moves.map((move) => {
    const from = move.from ?? null;
    const to = move.to ?? null;
    /** @type {Record<string, unknown>} */
    const usual = { action: move.action, notation: move.notation, from, to,
      path: [from, to].filter((cell) => cell !== null), drops: [] };
    if (worded) {
      Object.assign(usual, { kind: "move", words: { ja: move.notation, en: move.notation }, data: {} });
    }
    usual.verb = null;
    return { ...usual, ...move };
  });
}
