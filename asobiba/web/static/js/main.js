// Page router: "/" lobby, "/games" list, "/game/{id}" table, "/replay/{id}" replay.
// Links marked data-link navigate without a reload; the language button switches ja ⇄ en.

import { gamesPage } from "./games.js";
import { lang, onLangChange, setLang, t } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";

const app = document.getElementById("app");
const dialog = document.getElementById("result-dialog");
let page = null;

function route() {
  page?.destroy();
  if (dialog.open) dialog.close();
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/game\/([\w-]+)$/))) page = tablePage(app, m[1], dialog);
  else if ((m = path.match(/^\/replay\/([\w-]+)$/))) page = replayPage(app, m[1]);
  else if (path === "/games") page = gamesPage(app, navigate);
  else page = lobbyPage(app);
  document.body.dataset.page = path.split("/")[1] || "lobby";
}

export function navigate(url) {
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
window.addEventListener("popstate", route);
document.getElementById("lang").addEventListener("click", () => setLang(lang() === "ja" ? "en" : "ja"));
onLangChange(() => {
  renderChrome();
  page?.refresh();
});

renderChrome();
route();
