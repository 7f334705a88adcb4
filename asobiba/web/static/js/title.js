// The tab's title: what the page shows, first what matters most (e.g. "▶ Your turn"), so that a
// player in another tab sees it is their move.

const BASE = "遊び場 asobiba";

export function setTitle(...parts) {
  document.title = [...parts.filter(Boolean), BASE].join(" · ");
}
