// The login page: one form to log in, one to register; both lead on to ?next= (a path on this site) or the lobby.
import { post } from "./api.js";
import { byId } from "./dom.js";
import { mountHeader } from "./header.js";

function nextPage() {
  const next = new URLSearchParams(location.search).get("next") || "";
  // Only a path on this site, never another origin (//evil.example or https://...).
  return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login") ? next : "/lobby";
}

function wire(formId, errorId, path, check) {
  const form = byId(formId);
  const error = byId(errorId);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const name = form.elements.name.value.trim();
    const password = form.elements.password.value;
    const problem = !name ? "Please enter a name." : !password ? "Please enter a password." : check ? check(form) : "";
    if (problem) {
      error.textContent = problem;
      return;
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await post(path, { name, password });
      location.assign(nextPage());
    } catch (failure) {
      error.textContent = failure.message;
      button.disabled = false;
    }
  });
}

wire("login-form", "login-error", "/api/auth/login");
wire("register-form", "register-error", "/api/auth/register",
  (form) => (form.elements.password.value !== form.elements.password2.value ? "The two passwords differ." : ""));

mountHeader().then((user) => {
  if (user) {
    const already = byId("already");
    already.hidden = false;
    already.replaceChildren(`You are logged in as ${user.name}. `, Object.assign(document.createElement("a"), { href: nextPage(), textContent: "Continue" }));
  }
  document.body.dataset.ready = "1";
});
