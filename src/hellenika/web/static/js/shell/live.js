// The table's WebSocket (/ws/tables/{id}): pushes of the table model after every committed change. A dropped
// connection is retried with growing pauses (0.5 s up to 10 s); every (re)connection sends
// {"type": "sync", "version": n} so the server answers with the current model if we missed anything. The
// same sync goes out every 15 s while the socket is open: with several server processes a push can be lost
// while Redis is away (docs/WEB.md "Production"), and this resync by polling catches up. The address names the
// version the page already shows (?version=n): the server then sends the model only if the table has moved
// on, instead of resending the one the page has just fetched.
// A close with code 1013 ("try again later": the server's database is not answering) carries a hint in its
// reason, "retry in N s": the page waits that long (give or take a fifth, so pages do not all come back in
// the same second), shows the "trouble" state meanwhile, and does not knock sooner.
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
const RESYNC_MS = 15000;
const TRY_AGAIN_LATER = 1013;

// The server's hint in milliseconds ("... retry in 5 s"), or null.
export function retryHint(code, reason) {
  if (code !== TRY_AGAIN_LATER) return null;
  const found = /retry in (\d+(?:\.\d+)?) s/.exec(reason || "");
  const seconds = found ? Number(found[1]) : 5;
  return Math.min(Math.max(seconds, 1), 300) * 1000;
}

function jitter(ms) {
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}

export class LiveConnection {
  constructor(path, { onMessage, onStatus, version }) {
    this.url = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.version = version;
    this.failures = 0;
    this.trouble = false; // waiting out the server's "retry in N s"
    this.closed = false;
    this.socket = null;
    this.timer = null;
    this.connect();
    // A laptop waking up or a network change: try at once rather than waiting out the backoff.
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.retryNow(); });
  }

  connect() {
    if (this.closed) return;
    if (!this.trouble) this.onStatus(this.failures ? "reconnecting" : "connecting");
    let socket;
    try {
      socket = new WebSocket(this.address());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.failures = 0;
      this.trouble = false;
      this.onStatus("live");
      this.sync(socket);
      clearInterval(this.resync);
      this.resync = setInterval(() => { if (this.socket === socket) this.sync(socket); }, RESYNC_MS);
    });
    socket.addEventListener("message", (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      this.onMessage(data);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket === socket) {
        this.socket = null;
        clearInterval(this.resync);
      }
      if (!this.closed) this.scheduleRetry(retryHint(event.code, event.reason));
    });
    // An error is always followed by close, which schedules the retry.
    socket.addEventListener("error", () => {});
  }

  // The socket's address: the version the page shows, and a private table's invitation token from the
  // page's own link (its chat lines then come too).
  address() {
    const params = new URLSearchParams();
    const version = this.version();
    if (Number.isInteger(version) && version >= 0) params.set("version", String(version));
    const invite = new URLSearchParams(location.search).get("invite");
    if (invite) params.set("invite", invite);
    const query = params.toString();
    if (!query) return this.url;
    return `${this.url}${this.url.includes("?") ? "&" : "?"}${query}`;
  }

  sync(socket) {
    const version = this.version();
    socket.send(JSON.stringify({ type: "sync", version: version ?? -1 }));
  }

  // The next attempt: after the server's hint when it gave one (the "trouble" state), else after the next
  // step of the backoff.
  scheduleRetry(hint = null) {
    const delay = jitter(hint ?? BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]);
    this.failures += 1;
    this.trouble = hint !== null;
    this.onStatus(this.trouble ? "trouble" : "reconnecting", delay);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    // Waking up or coming online does not cut short a wait the server asked for.
    if (this.closed || this.socket || this.trouble) return;
    clearTimeout(this.timer);
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.resync);
    if (this.socket) this.socket.close();
  }
}
