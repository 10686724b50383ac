// "Report this user" (POST /api/reports, docs/WEB.md "Admin"): a small form that opens in place, asks why and
// sends it to the server's admins, with the table and chat line it is about. Used beside chat lines
// (js/shell/chat.js) and on profiles (js/shell/profile.js).
import { post } from "./api.js";
import { h } from "./dom.js";

let forms = 0;

// A button that opens the form after itself; ``about`` is {table, message} (either may be missing).
export function reportButton(name, about = {}, words = "Report") {
  const button = h("button", { type: "button", class: "hk-report", text: words, "aria-label": `Report ${name} to the admins`, "aria-expanded": "false" });
  button.addEventListener("click", () => {
    const open = button.nextElementSibling && button.nextElementSibling.classList.contains("hk-report-form");
    if (open) {
      button.nextElementSibling.remove();
      button.setAttribute("aria-expanded", "false");
      return;
    }
    button.after(reportForm(name, about, () => {
      button.setAttribute("aria-expanded", "false");
      button.focus();
    }));
    button.setAttribute("aria-expanded", "true");
  });
  return button;
}

function reportForm(name, about, closed) {
  forms += 1;
  const id = `report-reason-${forms}`;
  const reason = h("textarea", { id, maxlength: "500", rows: "2", required: true });
  const status = h("span", { class: "hk-muted", role: "status" });
  const send = h("button", { type: "submit", text: "Send report" });
  const cancel = h("button", { type: "button", text: "Cancel" });
  const form = h("form", { class: "hk-report-form", novalidate: true },
    h("label", { for: id, text: `Why do you report ${name}?` }), reason, send, cancel, status);
  cancel.addEventListener("click", () => {
    form.remove();
    closed();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!reason.value.trim()) {
      status.textContent = "Say why first.";
      reason.focus();
      return;
    }
    send.disabled = true;
    try {
      await post("/api/reports", { user: name, reason: reason.value, ...(about.table ? { table: about.table } : {}), ...(about.message ? { message: about.message } : {}) });
      form.replaceChildren(h("span", { role: "status", text: "Thank you: the admins will read it." }));
    } catch (error) {
      status.textContent = error.message;
      send.disabled = false;
    }
  });
  queueMicrotask(() => reason.focus());
  return form;
}
