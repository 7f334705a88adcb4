// Gandice's own piece of the web page (docs/protocol.md, "A game's own page module"), served from the
// game's package at /static/games/gandice/. The lobby calls lobbyPanel (the deck for each seat and
// the deck builder, builder.js); the table calls tablePart (the choices with their odds, the rolls
// and call-outs, battle.js). Its stylesheet is added to the page once.

export { lobbyPanel } from "./builder.js";
export { tablePart } from "./battle.js";

const sheet = new URL("./gandice.css", import.meta.url).href;
if (!document.querySelector(`link[href="${sheet}"]`)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: sheet }));
}
