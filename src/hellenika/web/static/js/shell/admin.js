// The admins' page (/admin; server/mod/service.py): reports (open first, Resolve), stuck tables (Remove the seat a
// game waits for, or Delete a table that never started) and suspending or lifting an account. Anyone else
// sees why not.
import { api, get, post } from "./api.js";
import { byId, formatTime, h } from "./dom.js";
import { mountHeader, notify, showError } from "./header.js";

function person(name) {
  return h("a", { href: `/users/${encodeURIComponent(name)}`, text: name });
}

function drawReports(reports) {
  const list = byId("reports");
  if (!reports.length) {
    list.replaceChildren(h("li", { class: "hk-muted", text: "No reports." }));
    return;
  }
  list.replaceChildren(...reports.map((r) => h("li", { dataset: { report: String(r.id), open: r.resolved_at ? "0" : "1" } },
    h("span", {}, person(r.reporter), " reported ", person(r.user), `: “${r.reason}”`),
    h("span", { class: "hk-muted", text: `${formatTime(r.created_at)}${r.table ? ` · table ${r.table}` : ""}${r.message ? ` · chat line ${r.message}` : ""}` }),
    r.table ? h("a", { href: `/tables/${encodeURIComponent(r.table)}`, text: "Open the table" }) : null,
    r.resolved_at
      ? h("span", { class: "hk-muted", text: `dealt with by ${r.resolved_by || "?"}` })
      : h("button", { type: "button", text: "Resolve", "aria-label": `Resolve the report about ${r.user}`, onclick: () => resolve(r.id) }))));
}

async function resolve(id) {
  try {
    drawReports((await post(`/api/admin/reports/${id}/resolve`)).reports);
  } catch (error) {
    showError(error);
  }
}

function seatsWords(table) {
  return (table.seats || []).map((s) => (s.user && s.user.name) || (s.kind === "bot" ? `Bot (${s.level})` : s.kind)).join(", ");
}

async function loadStuck(event) {
  if (event) event.preventDefault();
  const hours = Number(byId("stuck-hours").value) || 72;
  try {
    const { tables } = await get(`/api/admin/tables/stuck?hours=${hours}`);
    const list = byId("stuck");
    if (!tables.length) {
      list.replaceChildren(h("li", { class: "hk-muted", text: `No table has been quiet for ${hours} hours.` }));
      return;
    }
    list.replaceChildren(...tables.map((t) => h("li", { dataset: { table: t.id } },
      h("a", { href: `/tables/${encodeURIComponent(t.id)}`, text: `${t.game} #${t.id}` }),
      h("span", { class: "hk-muted", text: `${t.status} · ${seatsWords(t)} · last activity ${formatTime(t.last_move_at || t.started_at || t.created_at)}` }),
      h("button", { type: "button", text: t.status === "waiting" ? "Delete" : "Remove the seat to move",
        "aria-label": `${t.status === "waiting" ? "Delete" : "End"} table ${t.id}`, onclick: () => remove(t) }))));
  } catch (error) {
    showError(error);
  }
}

async function remove(table) {
  try {
    await post(`/api/admin/tables/${encodeURIComponent(table.id)}/remove`);
    notify(table.status === "waiting" ? `Table ${table.id} deleted.` : `Table ${table.id} ended: the seat to move was removed.`);
    await loadStuck();
  } catch (error) {
    showError(error);
  }
}

async function suspension(lift) {
  const name = byId("suspend-name").value.trim();
  byId("suspend-error").textContent = "";
  if (!name) {
    byId("suspend-error").textContent = "Give the account's name.";
    return;
  }
  const path = `/api/admin/users/${encodeURIComponent(name)}/suspension`;
  try {
    const answer = lift
      ? await api("DELETE", path)
      : await post(path, { days: Number(byId("suspend-days").value), reason: byId("suspend-reason").value });
    byId("suspend-done").textContent = answer.suspended_until
      ? `${answer.user} is suspended until ${formatTime(answer.suspended_until)} (${answer.sessions_ended} session(s) ended).`
      : `${answer.user} may log in again.`;
  } catch (error) {
    byId("suspend-error").textContent = error.message;
  }
}

async function main() {
  const user = await mountHeader();
  try {
    // Asked first, so nobody else's browser is answered 403 (the routes refuse them all the same).
    const admin = user ? (await get("/api/me/settings")).admin : false;
    if (!admin) {
      throw new Error(user ? "Only the server's admins can use this page." : "Log in as one of the server's admins to use this page.");
    }
    drawReports((await get("/api/admin/reports")).reports);
    byId("admin").hidden = false;
    byId("stuck-form").addEventListener("submit", loadStuck);
    byId("suspend-form").addEventListener("submit", (event) => { event.preventDefault(); suspension(false); });
    byId("unsuspend-button").addEventListener("click", () => suspension(true));
    await loadStuck();
  } catch (error) {
    byId("admin-refused").textContent = error.message;
    byId("admin-refused").hidden = false;
  } finally {
    document.body.dataset.ready = "1";
  }
}

main();
