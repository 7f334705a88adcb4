// The list of games: unfinished ones to continue, finished ones to replay, and opening a record file.

import { postJSON } from "./api.js";
import { loadCatalog, seatName } from "./catalog.js";
import { clear, h, link } from "./dom.js";
import { errorDetail, errorText } from "./errors.js";
import { pick, t, when } from "./i18n.js";
import { allTokens, rememberCreated } from "./seats.js";
import { wonText } from "./seatwords.js";

export function gamesPage(root, navigate) {
  let games = [];
  let entries = {};
  let levels = {};
  let error = null; // {text, detail} of a record that could not be opened
  const el = h("section", { class: "games" });
  root.replaceChildren(el);

  function item(g) {
    const href = g.status === "playing" ? `/game/${g.id}` : `/replay/${g.id}`;
    const entry = entries[g.game];
    const winners = g.result ? g.players.filter((_, i) => g.result.ranks[i] === 1) : [];
    return h("li", { "data-id": g.id },
      link(href, pick(entry?.name) || g.game),
      " ",
      h("span", { class: "muted" },
        opponent(g), " · ", t("games.plies", { n: g.plies }), " · ", when(g.updated),
        winners.length
          ? ` · ${wonText(winners.map((seat) => seatName(entry, seat)))}`
          : ""));
  }

  function opponent(g) {
    const computer = g.seats.find((s) => s.type === "computer");
    return computer ? t("games.vs", { level: pick(levels[computer.level]) }) : t("games.people");
  }

  async function upload(file) {
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (err) {
      error = { text: t("error.notJson"), detail: err.message };
      render();
      return;
    }
    try {
      const created = await postJSON("/api/records", record);
      rememberCreated(created);
      navigate(created.url);
    } catch (err) {
      error = { text: errorText(err, [400, 409].includes(err.status) ? "record" : null), detail: errorDetail(err) };
      render();
    }
  }

  function section(title, list) {
    return h("div", { class: "panel" }, h("h2", {}, title),
      list.length ? h("ul", { class: "game-list" }, list.map(item)) : h("p", { class: "muted" }, t("games.empty")));
  }

  function render() {
    clear(el).append(
      h("h1", { class: "page-title" }, t("nav.games")),
      section(t("games.playing"), games.filter((g) => g.status === "playing")),
      section(t("games.finished"), games.filter((g) => g.status !== "playing")),
      h("div", { class: "panel" },
        h("h2", {}, t("btn.upload")),
        h("label", { class: "upload" }, t("games.upload"), " ",
          h("input", { type: "file", accept: "application/json,.json", "data-action": "upload",
            onchange: (e) => e.target.files[0] && upload(e.target.files[0]) })),
        error ? h("p", { class: "error", role: "alert", title: error.detail }, error.text) : null),
    );
  }

  (async () => {
    const catalog = await loadCatalog();
    entries = Object.fromEntries(catalog.games.map((g) => [g.id, g]));
    levels = Object.fromEntries(catalog.levels.map((l) => [l.id, l]));
    games = await postJSON("/api/games/held", { tokens: allTokens() });
    render();
  })();
  return { refresh: render, destroy() {} };
}
