// Small helpers for the HTTP API (docs/protocol.md). Errors come back as {error: "one line"}, with
// text: {ja, en} when the server says it in both languages; an ApiError keeps the status and the
// body, and its message is in the page's language (errors.js).

import { errorText } from "./errors.js";

export class ApiError extends Error {
  constructor(status, data) {
    super(errorText({ status, data }));
    this.status = status;
    this.data = data;
  }
}

function parsed(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // not JSON (e.g. a proxy's error page)
  }
}

async function handle(response) {
  const data = parsed(await response.text());
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** GET JSON; `token`: the credential of a request that needs one (a study's token or share key). */
export async function getJSON(url, token) {
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  return handle(await fetch(url, { headers: { Accept: "application/json", ...auth } }));
}

/** GET a file with a credential, as a blob (for a download link or a picture). */
export async function getBlob(url, token) {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new ApiError(response.status, parsed(await response.text()));
  return response.blob();
}

/** POST a JSON body; `token`: the seat token of an acting request (seats.js). */
export async function postJSON(url, body, token) {
  const auth = token ? { Authorization: `Bearer ${token}` } : {};
  return handle(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...auth },
      body: body === undefined ? "" : JSON.stringify(body),
    }),
  );
}
