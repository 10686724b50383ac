// One small wrapper around fetch for the JSON API (docs/WEB.md): it sends the CSRF token on every
// state-changing request and turns an error answer ({detail}) into an ApiError whose message is plain words,
// so every page can show what went wrong instead of failing silently.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return "";
}

// FastAPI validation errors arrive as a list of {loc, msg}; everything else as a string.
export function describeDetail(detail, status) {
  if (typeof detail === "string" && detail) return sentence(detail);
  if (Array.isArray(detail) && detail.length) {
    return detail.map((item) => {
      const where = Array.isArray(item.loc) ? item.loc.filter((p) => p !== "body").join(" › ") : "";
      return where ? `${where}: ${item.msg}` : String(item.msg ?? item);
    }).map(sentence).join(" ");
  }
  if (detail && typeof detail === "object") return JSON.stringify(detail);
  return STATUS_WORDS[status] || `The server answered with status ${status}.`;
}

// The server writes reasons in lower case for embedding ("no user named 'x'"); a message shows a sentence.
function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return trimmed;
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

const STATUS_WORDS = {
  400: "The request was not understood.",
  401: "Please log in first.",
  403: "You are not allowed to do that.",
  404: "Not found.",
  409: "The table has moved on since you last saw it.",
  422: "That is not allowed.",
  429: "Too many attempts; please wait a minute.",
  500: "The server failed; please try again.",
  502: "The server is not reachable right now.",
  503: "The server is busy; please try again.",
};

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const init = { method, headers, credentials: "same-origin" };
  if (method !== "GET" && method !== "HEAD") {
    headers["X-CSRF-Token"] = cookie("hellenika_csrf");
    if (body instanceof FormData || body instanceof Blob) {
      init.body = body;
    } else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    throw new ApiError(response.status, describeDetail(data && data.detail, response.status));
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body ?? {});

// The logged-in user, or null for a visitor. A failure is an error the caller shows.
export async function currentUser() {
  const answer = await get("/api/session");
  return answer ? answer.user : null;
}
