// Reading the `table` JSON of the API (docs/WEB.md) in one place, so pages agree on what a seat, a status
// or an invitation link is, and on how to say it in plain words.
import { h, playerChip } from "./dom.js";

export const STATUS_WORDS = {
  open: "waiting for players",
  waiting: "waiting for players",
  playing: "in play",
  active: "in play",
  started: "in play",
  finished: "finished",
  abandoned: "abandoned",
};

export function statusOf(table) {
  return String(table.status || "open");
}

export function isWaiting(table) {
  return ["open", "waiting", "created"].includes(statusOf(table));
}

export function isFinished(table) {
  return ["finished", "abandoned", "over"].includes(statusOf(table));
}

export function seatsOf(table) {
  return Array.isArray(table.seats) ? table.seats : [];
}

export function seatName(seat, index) {
  if (!seat) return `Seat ${index + 1}`;
  if (seat.kind === "bot") return seat.name || `Bot (${seat.level || "medium"})`;
  if (seat.kind === "open" && !seat.user) return "open seat";
  const user = typeof seat.user === "object" && seat.user ? seat.user.name : seat.user;
  const name = seat.name || user;
  if (isInvitedSeat(seat)) return `${name} (invited)`;
  return name || "open seat";
}

export function isOpenSeat(seat) {
  return seat && seat.kind === "open" && !seat.user && !seat.name;
}

// A seat offered to a person by name who has not accepted it yet: nobody sits there, and the game cannot
// start until they accept (or decline, which opens it).
export function isInvitedSeat(seat) {
  return Boolean(seat) && seat.kind === "invited";
}

function seatUserName(seat) {
  return typeof seat.user === "object" && seat.user ? seat.user.name : seat.user;
}

// The seat index the user sits in, or null (an invitation not yet accepted is no seat).
export function mySeat(table, user) {
  if (!user) return null;
  if (typeof table.my_seat === "number" || table.my_seat === null) return table.my_seat;
  const seats = seatsOf(table);
  for (let i = 0; i < seats.length; i += 1) {
    const seat = seats[i];
    const who = seatUserName(seat);
    if (seat.kind === "user" && (who === user.name || seat.name === user.name)) {
      return typeof seat.seat === "number" ? seat.seat : i;
    }
  }
  return null;
}

// The seat the user is invited to and has not answered yet, or null.
export function myInvitation(table, user) {
  if (!user || table.my_invitation === false) return null;
  const seats = seatsOf(table);
  for (let i = 0; i < seats.length; i += 1) {
    const seat = seats[i];
    if (isInvitedSeat(seat) && seatUserName(seat) === user.name) return typeof seat.seat === "number" ? seat.seat : i;
  }
  return null;
}

// The names of invitees who have not accepted yet.
export function pendingInvitees(table) {
  return seatsOf(table).filter(isInvitedSeat).map((seat) => seat.name || seatUserName(seat) || "someone");
}

// Whether every seat is taken by someone who sat down (or a bot): what the creator needs to start.
export function isFull(table) {
  return !seatsOf(table).some((seat) => isOpenSeat(seat) || isInvitedSeat(seat));
}

// Whether the user may join: an open seat before the start, no seat or invitation of theirs, and either the
// invitation link (`invite`, from the address) or a table anyone may join (`can_join` from the server: a
// private table needs its link, so Join is not offered there without it).
export function mayJoin(table, user, invite) {
  if (!user || !isWaiting(table) || mySeat(table, user) !== null || myInvitation(table, user) !== null) return false;
  if (!seatsOf(table).some(isOpenSeat)) return false;
  if (invite) return true;
  return typeof table.can_join === "boolean" ? table.can_join : !table.private;
}

// "solo (1 player)", "3 players": the player count in a table's summary.
export function playersWords(players) {
  return players === 1 ? "solo (1 player)" : `${players} players`;
}

export function creatorName(table) {
  const c = table.creator;
  return typeof c === "object" && c ? c.name : c || "";
}

export function isCreator(table, user) {
  return Boolean(user && creatorName(table) === user.name);
}

// The full invitation address: the server may give a link, a path or only a token.
export function inviteLink(table) {
  const raw = table.invite_link || table.invite_url || table.invite;
  if (!raw) return "";
  if (/^https?:\/\//.test(raw)) return raw;
  if (raw.startsWith("/")) return `${location.origin}${raw}`;
  return `${location.origin}/tables/${table.id}?invite=${encodeURIComponent(raw)}`;
}

export function inviteToken(table) {
  const raw = table.invite_token || table.invite || "";
  if (!raw) return "";
  try {
    const url = new URL(raw, location.origin);
    return url.searchParams.get("invite") || raw;
  } catch {
    return raw;
  }
}

export function gameTitle(table, games) {
  const game = games && games.find((g) => g.name === table.game);
  return table.title || (game && game.title) || table.game;
}

export function modeWords(table) {
  const parts = [table.mode === "turn-based" ? "turn-based" : "live"];
  const control = table.time_control;
  if (control && control.kind !== "none") {
    const onTimeout = table.on_timeout === "forfeit" ? "the late player forfeits" : "then a bot plays the turn";
    parts.push(`clock ${control.label}, ${onTimeout}`);
  } else if (table.deadline_hours) {
    parts.push(`${table.deadline_hours} h per move`);
  } else {
    parts.push("no clock");
  }
  return parts.join(" · ");
}

// A person's profile page (/users/{name}).
export function profileUrl(name) {
  return `/users/${encodeURIComponent(name)}`;
}

// The person at a seat (seated or invited), whose name links to their profile; null for open seats and bots.
export function seatPerson(seat) {
  if (!seat || (seat.kind !== "user" && !isInvitedSeat(seat))) return null;
  return seatUserName(seat) || seat.name || null;
}

// A name as a link to its profile (names are text: h() never parses markup).
export function personLink(name, content = name) {
  return h("a", { class: "hk-person-link", href: profileUrl(name) }, content);
}

export function seatList(table) {
  return h("ol", { class: "hk-seats" }, seatsOf(table).map((seat, i) => {
    const chip = playerChip(seatName(seat, i), i);
    const person = seatPerson(seat);
    return h("li", { class: isOpenSeat(seat) ? "hk-open-seat" : null }, person ? personLink(person, chip) : chip);
  }));
}

// Copy text to the clipboard; falls back to selecting it (clipboard access needs a secure context).
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try { return document.execCommand("copy"); } catch { return false; }
    }
    return false;
  }
}

export function inviteBox(table) {
  const link = inviteLink(table);
  if (!link) return null;
  const input = h("input", { class: "hk-invite-link", readonly: true, value: link, "aria-label": "Invitation link" });
  const status = h("span", { class: "hk-muted", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "hk-copy", text: "Copy link" });
  button.addEventListener("click", async () => {
    status.textContent = (await copyText(link, input)) ? "Copied." : "Select the link and copy it.";
  });
  return h("div", { class: "hk-invite" }, h("span", { text: "Invitation link: " }), input, button, status);
}
