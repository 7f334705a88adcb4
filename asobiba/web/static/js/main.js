// Page router: "/" lobby, "/games" list, "/game/{id}" table, "/replay/{id}" replay, "/learn/{game}"
// how to play, "/study/{game}" the study page. The server answers an address that leads nowhere with 404 and marks the page (body
// data-missing = "game" or "page"): the not-found page shows instead. Links marked data-link navigate without a reload; the
// language button switches ja ⇄ en.

import { errorText } from "./errors.js";
import { giveRememberedName } from "./friends.js";
import { gamesPage } from "./games.js";
import { lang, onLangChange, setLang, t } from "./i18n.js";
import { learnPage } from "./learn.js";
import { lobbyPage } from "./lobby.js";
import { notFoundPage } from "./notfound.js";
import { replayPage } from "./replay.js";
import { joinSeat } from "./seats.js";
import { tablePage } from "./table.js";
import { studyPage } from "./study.js";
import { setTitle } from "./title.js";

const app = document.getElementById("app");
const dialog = document.getElementById("result-dialog");
let page = null;
let missing = document.body.dataset.missing ?? null; // for the address the page was loaded at

/** Show the page of the address; `notice`: a line for the table to show first. */
function route(notice = null) {
  page?.destroy();
  if (dialog.open) dialog.close();
  const path = location.pathname;
  setTitle();
  let m;
  if (missing) page = notFoundPage(app, missing);
  else if ((m = path.match(/^\/game\/([\w-]+)$/))) page = tablePage(app, m[1], dialog, notice);
  else if ((m = path.match(/^\/game\/([\w-]+)\/join\/(\d+)\/([\w-]+)$/))) page = joinPage(m[1], m[2], m[3]);
  else if ((m = path.match(/^\/replay\/([\w-]+)$/))) page = replayPage(app, m[1]);
  else if ((m = path.match(/^\/learn\/([\w-]+)$/))) page = learnPage(app, m[1]);
  else if ((m = path.match(/^\/study\/([\w-]+)$/))) page = studyPage(app, m[1]);
  else if (path === "/games") page = gamesPage(app, navigate);
  else page = lobbyPage(app);
  document.body.dataset.page = path.split("/")[1] || "lobby";
}

/** An invite link: take the seat (the invite is spent), keep its token, then show the game at
 * its plain address (the invite leaves the address bar and the history). */
function joinPage(gameId, seat, invite) {
  let gone = false;
  app.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: t("invite.joining") }));
  let notice = null; // why this browser only watches, shown on the table
  joinSeat(gameId, Number(seat), invite)
    .then(() => giveRememberedName(gameId, Number(seat)).catch(() => null)) // a name refused is no reason to watch
    .catch((err) => (notice = t("invite.failed", { reason: errorText(err) })))
    .then(() => {
      if (gone) return;
      history.replaceState(null, "", `/game/${gameId}`);
      route(notice);
    });
  return { refresh() {}, destroy: () => (gone = true) };
}

export function navigate(url) {
  missing = null;
  history.pushState(null, "", url);
  route();
}

function renderChrome() {
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-i18n]").forEach((el) => (el.textContent = t(el.dataset.i18n)));
}

document.addEventListener("click", (event) => {
  const a = event.target.closest?.("a[data-link]");
  if (!a || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(a.getAttribute("href"));
});
window.addEventListener("popstate", () => {
  missing = null;
  route();
});
document.getElementById("lang").addEventListener("click", () => setLang(lang() === "ja" ? "en" : "ja"));
onLangChange(() => {
  renderChrome();
  page?.refresh();
});

renderChrome();
route();

// the service worker: the page's own files from its cache, a "no connection" page offline (sw.js)
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => null);
