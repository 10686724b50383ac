// The admin's outbox page (GET /api/admin/outbox): every notification, its state and what it says, so a
// server without SMTP still shows what would have been sent.
import { get } from "./api.js";
import { byId, formatTime, h } from "./dom.js";
import { mountHeader, showError } from "./header.js";

async function main() {
  await mountHeader();
  const box = byId("outbox");
  try {
    const answer = await get("/api/admin/outbox?limit=200");
    byId("mode").textContent = answer.mail_configured
      ? "Mail goes out over SMTP."
      : "No SMTP server is configured: mail is written to the server's log and listed here, not sent.";
    if (!answer.outbox.length) {
      box.replaceChildren(h("p", { class: "hk-muted", text: "Nothing has been queued yet." }));
      return;
    }
    box.replaceChildren(...answer.outbox.map((row) => h("article", { class: "hk-table-card", dataset: { id: String(row.id), status: row.status } },
      h("h3", { text: `${row.subject || row.event} → ${row.to || row.user}` }),
      h("p", { class: "hk-muted", text: `#${row.id} ${row.channel} · ${row.event} · ${row.status} · ${row.attempts} attempt(s) · queued ${formatTime(row.created_at)}${row.sent_at ? ` · done ${formatTime(row.sent_at)}` : ""}` }),
      row.last_error ? h("p", { class: "hk-error", text: row.last_error }) : null,
      h("pre", { class: "hk-generic", text: row.text || "" }))));
  } catch (error) {
    box.replaceChildren(h("p", { class: "hk-error", text: error.message }));
    showError(error);
  } finally {
    document.body.dataset.ready = "1";
  }
}

main();
