// The settings page: notifications (GET/PUT /api/me/settings, POST /api/me/email; docs/WEB.md
// "Notifications") and vacations (GET/POST/DELETE /api/me/vacation; docs/WEB.md "Vacations").
import { api, get, post } from "./api.js";
import { byId, formatTime } from "./dom.js";
import { mountHeader, notify, showError } from "./header.js";
import { settingsSaved } from "./waiting.js";

const CHECKS = ["your_turn", "deadline_soon", "invited", "game_over", "by_email", "by_webhook", "by_browser", "quiet", "digest"];
const NUMBERS = ["deadline_hours", "quiet_minutes"];

function show(settings) {
  for (const name of CHECKS) byId(name).checked = Boolean(settings[name]);
  for (const name of NUMBERS) byId(name).value = String(settings[name]);
  byId("webhook_url").value = settings.webhook_url || "";
  byId("webhook_secret").textContent = settings.webhook_secret || "";
  const email = byId("email");
  if (document.activeElement !== email) email.value = settings.email || "";
  byId("email-status").textContent = !settings.email ? "No address yet."
    : settings.email_verified ? `${settings.email} is verified.`
    : `${settings.email} is not verified yet: follow the link mailed to it.`;
  byId("email-status").dataset.verified = settings.email_verified ? "1" : "0";
  byId("mail-mode").hidden = Boolean(settings.mail_configured);
  byId("admin-link").hidden = !settings.admin;
}

function collect() {
  const body = {};
  for (const name of CHECKS) body[name] = byId(name).checked;
  for (const name of NUMBERS) {
    const value = Number.parseInt(byId(name).value, 10);
    if (!Number.isNaN(value)) body[name] = value;
  }
  body.webhook_url = byId("webhook_url").value.trim();
  if (!body.webhook_url) body.by_webhook = false;
  return body;
}

async function save(extra = {}) {
  const error = byId("settings-error");
  error.textContent = "";
  byId("saved").textContent = "";
  try {
    const settings = await api("PUT", "/api/me/settings", { ...collect(), ...extra });
    show(settings);
    settingsSaved(settings); // the browser channel may have changed: this tab and the others re-read it
    byId("saved").textContent = "Saved.";
  } catch (failure) {
    error.textContent = failure.message;
  }
}

// --- vacation --------------------------------------------------------------------------------------------

function showVacation(answer) {
  const running = answer.vacation;
  const left = Number(answer.days_left) || 0;
  const now = byId("vacation-now");
  now.dataset.on = running ? "1" : "0";
  now.textContent = running
    ? `You are on vacation until ${formatTime(running.ends_at)}: your turn deadlines wait.`
    : "You are not on vacation.";
  byId("vacation-left").textContent = `${left} of ${answer.days_per_year} vacation day${answer.days_per_year === 1 ? "" : "s"}`
    + " left this year.";
  const input = byId("vacation-days");
  input.max = String(Math.max(left, 1));
  const value = Number.parseInt(input.value, 10);
  if (left > 0 && (Number.isNaN(value) || value < 1 || value > left)) input.value = String(Math.min(Math.max(value || 1, 1), left));
  byId("vacation-start-controls").hidden = Boolean(running);
  input.disabled = left === 0;
  byId("vacation-start").disabled = left === 0;
  byId("vacation-end").hidden = !running;
  document.body.dataset.vacation = running ? "on" : "off";
}

async function vacationCall(method, body, button) {
  const error = byId("vacation-error");
  error.textContent = "";
  button.disabled = true;
  let answer = null;
  try {
    answer = await api(method, "/api/me/vacation", body);
  } catch (failure) {
    error.textContent = failure.message;
    // A vacation started or ended in another tab: show how things are now.
    if (failure.status === 409) {
      try { answer = await get("/api/me/vacation"); } catch { /* the error above says enough */ }
    }
  } finally {
    button.disabled = false;
  }
  if (answer) showVacation(answer);
  return answer !== null && !error.textContent;
}

function mountVacation() {
  const form = byId("vacation-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = byId("vacation-days").value.trim();
    const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(days)) {
      byId("vacation-error").textContent = "Enter a whole number of days.";
      byId("vacation-days").focus();
      return;
    }
    // The server checks the days left (422 in words), so a value typed past the input's limits still says why.
    if (await vacationCall("POST", { days }, byId("vacation-start"))) byId("vacation-end").focus();
  });
  byId("vacation-end").addEventListener("click", async () => {
    if (await vacationCall("DELETE", undefined, byId("vacation-end"))) byId("vacation-days").focus();
  });
}

async function main() {
  const user = await mountHeader();
  if (!user) {
    byId("login-needed").hidden = false;
    document.body.dataset.ready = "1";
    return;
  }
  try {
    const [settings, vacation] = await Promise.all([get("/api/me/settings"), get("/api/me/vacation")]);
    show(settings);
    showVacation(vacation);
  } catch (error) {
    showError(error);
    return;
  }
  byId("settings").hidden = false;
  byId("settings-form").addEventListener("submit", (event) => {
    event.preventDefault();
    save();
  });
  mountVacation();
  byId("rotate-secret").addEventListener("click", () => save({ rotate_webhook_secret: true }));
  byId("by_browser").addEventListener("change", async (event) => {
    if (!event.target.checked || typeof window.Notification !== "function") return;
    if (window.Notification.permission === "default") {
      try { await window.Notification.requestPermission(); } catch { /* the browser refused to ask */ }
    }
  });
  byId("email-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = byId("email-error");
    error.textContent = "";
    const button = byId("email-save");
    button.disabled = true;
    try {
      const settings = await post("/api/me/email", { email: byId("email").value.trim() });
      show(settings);
      if (settings.email && !settings.email_verified) notify(`A verification link is on its way to ${settings.email}.`);
    } catch (failure) {
      error.textContent = failure.message;
    } finally {
      button.disabled = false;
    }
  });
  document.body.dataset.ready = "1";
}

main();
