// Small helpers for the HTTP API (docs/web.md). Errors come back as {error: "one line"}, with
// text: {ja, en} when the server says it in both languages; an ApiError carries the page's language.

import { pick } from "./i18n.js";

export class ApiError extends Error {}

async function handle(response) {
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(pick(data?.text) || data?.error || `HTTP ${response.status}`);
  return data;
}

export async function getJSON(url) {
  return handle(await fetch(url, { headers: { Accept: "application/json" } }));
}

export async function postJSON(url, body) {
  return handle(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? "" : JSON.stringify(body),
    }),
  );
}
