// The perfect-play table panel of Dice Out (lobby and table page): whether the solved table of the
// board is there, an offer to build a missing one in the background, and its progress, polled from
// GET /api/tables/diceout/{rows} (docs/web.md, "Perfect-play tables").

import { getJSON, postJSON } from "./api.js";
import { clear, h } from "./dom.js";
import { has, t } from "./i18n.js";

const POLL_MS = 1000;

function percent(fraction) {
  return `${Math.floor((fraction ?? 0) * 100)}%`;
}

function gigabytes(bytes) {
  return (bytes / 1e9).toFixed(1);
}

export function tablePanel() {
  const el = h("section", { class: "table-build", "data-role": "table-panel" });
  let rows = null;
  let info = null;
  let problem = null;
  let timer = null;
  let ticket = 0;
  let alive = true;

  /** Ask the server; only the newest answer counts (rows may change while a request is out). */
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

  const poll = () => request(() => getJSON(`/api/tables/diceout/${rows}`));

  function build(button) {
    button.disabled = true;
    request(() => postJSON(`/api/tables/diceout/${rows}`));
  }

  function buildButton(key) {
    const button = h("button", { type: "button", class: "primary", "data-action": "build-table" }, t(key));
    button.addEventListener("click", () => build(button));
    return button;
  }

  function cost() {
    return has(`tables.cost.${rows}`) ? t(`tables.cost.${rows}`) : t("tables.cost.other");
  }

  function body() {
    if (!info) return [h("p", { class: "muted" }, t("tables.checking"))];
    switch (info.status) {
      case "ready":
        return [
          h("p", { class: "table-ready" }, t("tables.ready", { gb: gigabytes(info.size_bytes ?? 0) })),
          h("p", { class: "muted" }, t("tables.uses")),
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
          h("p", { class: "muted" }, cost()),
          buildButton("tables.build"),
        ];
    }
  }

  function render() {
    if (rows === null) return;
    el.dataset.status = info?.status ?? "checking";
    clear(el).append(h("h3", {}, t("tables.title", { rows })), ...body());
    if (problem) el.append(h("p", { class: "error", role: "alert" }, problem));
  }

  return {
    el,
    /** Show the table of the 5 × `value` board (re-renders only when the board is the same). */
    show(value) {
      if (value === rows) {
        render();
        return;
      }
      rows = value;
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
