// Times in plain words for the games list: the time left before a turn's deadline ("2 h 10 min left") and
// how long ago something happened ("5 min ago"), counted from the server's clock (its `now`, so a browser
// whose clock is off still counts right).

let skewMs = 0; // server time minus this browser's time

// Remember the server's time an answer carried (ISO 8601).
export function syncClock(serverNow) {
  const at = Date.parse(serverNow || "");
  if (!Number.isNaN(at)) skewMs = at - Date.now();
}

export function serverNow() {
  return Date.now() + skewMs;
}

function parts(seconds) {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

// "2 h 10 min left", "less than a minute left", "deadline passed"; "no deadline" without one.
export function timeLeftWords(deadline, now = serverNow()) {
  if (!deadline) return "no deadline";
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return "no deadline";
  const seconds = (at - now) / 1000;
  if (seconds <= 0) return "deadline passed: the timeout applies now";
  if (seconds < 60) return "less than a minute left";
  return `${parts(seconds)} left`;
}

// "just now", "12 min ago", "3 h 5 min ago", "2 d 4 h ago".
export function agoWords(when, now = serverNow()) {
  const at = Date.parse(when || "");
  if (Number.isNaN(at)) return "";
  const seconds = (now - at) / 1000;
  if (seconds < 60) return "just now";
  return `${parts(seconds)} ago`;
}

// The deadline is close: under an hour left.
export function isClose(deadline, now = serverNow()) {
  const at = Date.parse(deadline || "");
  return !Number.isNaN(at) && at - now < 3600_000;
}
