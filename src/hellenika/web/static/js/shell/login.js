// The login page: one form to log in, one to register; both lead on to ?next= (a path on this site) or the lobby.
import { post } from "./api.js";
import { byId } from "./dom.js";
import { mountHeader } from "./header.js";

// Where to go after logging in: ?next= if it names a page of this site, else the lobby. A prefix check is not
// enough: the browser reads a backslash as a slash and drops tabs and newlines, so "/", backslash, "host" or
// "/", tab, "/host" lead to another host. So the value is resolved as the browser would, and only a result on
// this origin is kept, and only its path, query and fragment.
function safeNext(next, origin = location.origin) {
  if (!next) return "/lobby";
  let url;
  try {
    url = new URL(next, origin);
  } catch {
    return "/lobby";
  }
  if (url.origin !== origin || url.pathname === "/login") return "/lobby";
  return url.pathname + url.search + url.hash;
}

function nextPage() {
  return safeNext(new URLSearchParams(location.search).get("next"));
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
