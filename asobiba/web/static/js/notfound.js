// @ts-check
// The page for an address that leads nowhere: a game id that does not exist ("game") or any other
// path ("page"). The server answers such addresses with 404 and this page.

import { h, link } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { setTitle } from "./title.js";

/** @param {HTMLElement} root @param {"game" | "page"} [kind] */
export function notFoundPage(root, kind = "page") {
  function render() {
    const lobby = link("/", t("missing.lobby"));
    lobby.className = "button primary";
    const games = link("/games", t("missing.games"));
    games.className = "button";
    root.replaceChildren(
      h("section", { class: "panel not-found", "data-role": "not-found", "data-missing": kind },
        icon("missing"),
        h("h1", {}, t(`missing.${kind}.title`)),
        h("p", {}, t(`missing.${kind}.text`)),
        h("div", { class: "buttons" }, lobby, games)),
    );
    setTitle(t(`missing.${kind}.title`));
  }
  render();
  return { refresh: render, destroy() {} };
}
