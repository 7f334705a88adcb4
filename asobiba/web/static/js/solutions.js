// The solution table panel (lobby and table page) of a game whose catalog entry declares
// solutions: whether the exact table of the chosen variant (the value of the option the catalog
// names, e.g. the board size) is there, an offer to build a missing one in the background, and its
// progress, polled from GET /api/solutions/{game}/{variant} (docs/play.md, "Solution tables"). On a
// server that does not build tables, a table that is not there is not mentioned at all.

import { getJSON, postJSON } from "./api.js";
import { clear, h } from "./dom.js";
import { pick, t } from "./i18n.js";

const POLL_MS = 1000;

function percent(fraction) {
  return `${Math.floor((fraction ?? 0) * 100)}%`;
}

function gigabytes(bytes) {
  return (bytes / 1e9).toFixed(1);
}

/** The variant a game's options choose: the value of the option named by the catalog entry. */
export function variantOf(entry, options) {
  const name = entry.solutions.option;
  return options?.[name] ?? entry.options.find((s) => s.name === name)?.default ?? null;
}

export function solutionsPanel() {
  const el = h("section", { class: "table-build", "data-role": "table-panel" });
  let url = null;
  let info = null;
  let problem = null;
  let timer = null;
  let ticket = 0;
  let alive = true;

  /** Ask the server; only the newest answer counts (the variant may change while a request is out). */
  async function request(call) {
    clearTimeout(timer);
    const mine = ++ticket;
    try {
      const answer = await call();
      if (mine !== ticket || !alive) return;
      info = answer;
      problem = null;
    } catch (err) {
      if (mine !== ticket || !alive) return;
      problem = err.message;
    }
    render();
    if (info?.status === "building") timer = setTimeout(poll, POLL_MS);
  }

  const poll = () => request(() => getJSON(url));

  function build(button) {
    button.disabled = true;
    request(() => postJSON(url));
  }

  /** What only the server's owner needs (sizes, command-line flags), folded away from players. */
  function owner(...lines) {
    return h("details", { class: "owner", "data-role": "owner-notes" },
      h("summary", {}, t("owner.title")), ...lines.map((line) => h("p", { class: "muted" }, line)));
  }

  function buildButton(key) {
    const button = h("button", { type: "button", class: "primary", "data-action": "build-table" }, t(key));
    button.addEventListener("click", () => build(button));
    return button;
  }

  function body() {
    if (!info) return [h("p", { class: "muted" }, t("tables.checking"))];
    switch (info.status) {
      case "ready":
        return [
          h("p", { class: "table-ready" }, t("tables.readyPlayer")),
          h("p", { class: "muted" }, t("tables.uses")),
          owner(t("tables.ready", { gb: gigabytes(info.size_bytes ?? 0) })),
        ];
      case "building":
        return [
          h("progress", { "data-role": "table-progress", max: "1", value: String(info.fraction ?? 0) }),
          h("p", { class: "muted", "data-role": "table-phase" },
            t("tables.building", { phase: info.phase ?? "", percent: percent(info.fraction) })),
          h("p", { class: "muted" }, t("tables.background")),
        ];
      case "error":
        return [
          h("p", { class: "error" }, t("tables.failed", { error: info.error ?? "" })),
          buildButton("tables.retry"),
        ];
      default:
        return [
          h("p", {}, t("tables.missing")),
          buildButton("tables.build"),
          owner(pick(info.cost)),
        ];
    }
  }

  function render() {
    if (url === null) return;
    el.dataset.status = info?.status ?? "checking";
    // a table this server will not build is the owner's business: players are told nothing of it
    el.hidden = info?.builds === false && !["ready", "building"].includes(info.status);
    if (el.hidden) return;
    const title = info ? t("tables.title", { name: pick(info.name) }) : t("tables.title.plain");
    clear(el).append(h("h3", {}, title), ...body());
    if (problem) el.append(h("p", { class: "error", role: "alert" }, problem));
  }

  return {
    el,
    /** Show the table of `game`'s `variant` (re-renders only when it is the same table). */
    show(game, variant) {
      const next = `/api/solutions/${encodeURIComponent(game)}/${encodeURIComponent(variant)}`;
      if (next === url) {
        render();
        return;
      }
      url = next;
      info = null;
      problem = null;
      render();
      poll();
    },
    destroy() {
      alive = false;
      clearTimeout(timer);
    },
  };
}
