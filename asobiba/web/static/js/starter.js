// Who starts a game against the computer. When the rules leave it to chance (the catalog's set-up
// has no first mover, e.g. dice decide) and an option named `first` can name a seat instead, the
// lobby offers "chance / you / the computer" and sets that option; the person takes the first
// seat. Otherwise the first mover is known and the person picks a seat: the first mover's, or in
// turn between games (launch.js).

/** The spec of the option the starter control sets, or null when the person picks a seat. */
export function starterOption(entry) {
  const spec = entry.options.find((s) => s.name === "first" && s.choices);
  const seats = entry.setup.players;
  if (entry.setup.first !== null || !spec) return null;
  return seats.every((seat) => spec.choices.includes(seat)) ? spec : null;
}

/** The value of that option for a starter: "you" (the first seat), "computer" (the next seat),
 * else `chance`, the value the lobby starts from (chance decides). */
export function starterValue(entry, starter, chance) {
  const seats = entry.setup.players;
  return { you: seats[0], computer: seats[1] }[starter] ?? chance;
}
