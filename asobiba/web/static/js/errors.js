// @ts-check
// What a person reads when something is refused or fails (docs/protocol.md, "Errors"). The server
// says a refusal in both languages when it can ({text: {ja, en}}); the page then shows the page
// language's text. Otherwise the page names the failure with a code of its own, translated in
// i18n.js (`error.<code>`): what the person was doing (the rules, a record file) or what the HTTP
// status says (not found, too large, a server fault). On the English page the server's own line
// follows as the detail; the Japanese page keeps it out of the text (it is the element's title).

import { lang, pick, t } from "./i18n.js";

/** @param {number | undefined} status */
function statusCode(status) {
  if (status === 404) return "notFound";
  if (status === 413) return "tooLarge";
  if (status !== undefined && status >= 500) return "server";
  return "refused";
}

/** The server's one line of a failure: an HTTP error body ({error}) or an error frame ({message}). */
/** @param {any} failure @returns {string} */
export function errorDetail(failure) {
  const data = failure?.data ?? failure;
  return data?.error ?? data?.message ?? "";
}

/** The text for a failure `{status, data}` (an ApiError), an error frame, or a body; `code` names
 * the failure when the server gave no text of both languages (else the HTTP status does). */
/** @param {any} failure @param {string | null} [code] @returns {string} */
export function errorText(failure, code = null) {
  const data = failure?.data ?? failure;
  const both = pick(data?.text);
  if (both) return both;
  const text = t(`error.${code ?? statusCode(failure?.status)}`);
  const detail = errorDetail(failure);
  return lang() === "en" && detail ? `${text} (${detail})` : text;
}
