// The pages work without this script; it makes them tidier and quicker to use from the keyboard.
"use strict";

// Forms marked data-stay leave the person on the page they are on (add an item, check it, delete it).
// Sent the ordinary way, each reloads the page: the next keys typed while it loads are lost, and a
// second Enter can resend the first text. So they are sent in the background instead, one after
// another in the order they were sent, and the answer (the page the form's redirect leads to, or the
// same page with an error next to the field) replaces only the parts of this page marked
// data-region. A text field marked data-clear-on-submit is emptied as soon as its form is sent, so
// the next item can be typed at once; the focus stays where the person is, or, when the element that
// had it was replaced, goes where the answer's autofocus says (the row just checked, the next row).
let queue = Promise.resolve();
let pending = 0;
document.documentElement.dataset.pending = "0";

function setPending(change) {
  pending += change;
  // Tests and styles can tell when every form sent has been answered.
  document.documentElement.dataset.pending = String(pending);
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-stay") || !window.fetch) return;
  event.preventDefault();
  const body = new URLSearchParams(new FormData(form));
  const field = form.querySelector("input[data-clear-on-submit]");
  const sent = { form, action: form.action, body, fieldID: field ? field.id : null, text: field ? field.value : null };
  if (field) field.value = "";
  setPending(1);
  queue = queue
    .then(() => send(sent))
    .catch((error) => {
      // A fault here must not stop the forms queued after this one, nor lose what was typed.
      console.error(error);
      putBack(sent, "Something went wrong, so this may not have been saved. Reload the page to see.");
    })
    .finally(() => setPending(-1));
});

async function send(sent) {
  let response;
  let html;
  try {
    response = await fetch(sent.action, {
      method: "POST",
      body: sent.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      credentials: "same-origin",
    });
    html = await response.text();
  } catch {
    putBack(sent, "The server could not be reached, so nothing was saved. Try again.");
    return;
  }
  const answer = new DOMParser().parseFromString(html, "text/html");
  const screen = (doc) => doc.querySelector("main")?.dataset.screen;
  if (!screen(answer) || screen(answer) !== screen(document)) {
    // The form led to another page: go there, as the browser would have.
    if (response.ok && response.redirected) {
      window.location.assign(response.url);
      return;
    }
    // An error page (a 409 from an out-of-date page, a 404): show it in place of this one; the address
    // stays this page's, so a reload shows the list as it is now.
    document.title = answer.title;
    document.body.replaceWith(document.importNode(answer.body, true));
    return;
  }
  const before = document.activeElement;
  const beforeID = before && before !== document.body ? before.id : "";
  const wasInSentForm = sent.form.contains(before);
  for (const fresh of answer.querySelectorAll("[data-region][id]")) {
    const current = document.getElementById(fresh.id);
    if (current) current.replaceWith(document.importNode(fresh, true));
  }
  for (const fresh of answer.querySelectorAll("input[data-clear-on-submit][id]")) {
    const current = document.getElementById(fresh.id);
    if (!current) continue;
    for (const name of ["aria-invalid", "aria-describedby"]) {
      if (fresh.hasAttribute(name)) current.setAttribute(name, fresh.getAttribute(name));
      else current.removeAttribute(name);
    }
    // A refused text comes back as it was typed; it is put back unless something new was typed since.
    if (fresh.hasAttribute("aria-invalid") && current.id === sent.fieldID && current.value === "") {
      current.value = fresh.value;
    }
  }
  const wanted = answer.querySelector("[autofocus][id]");
  const target = wanted && document.getElementById(wanted.id);
  const active = document.activeElement;
  if (!active || active === document.body) {
    // The focused element was replaced. After the form's own button (a row just checked or deleted)
    // the focus goes where the answer says; after another element, to that element's replacement.
    const again = !wasInSentForm && beforeID ? document.getElementById(beforeID) : null;
    const next = again || target;
    if (next) next.focus();
  } else if (target && target !== active && target.form && target.form === active.form) {
    // The form's button was pressed with the mouse: on to the form's field, to type the next item.
    target.focus();
  }
}

// A text that could not be sent goes back in its field, with the reason next to it.
function putBack(sent, reason) {
  const field = sent.fieldID && document.getElementById(sent.fieldID);
  if (!field) {
    window.alert(reason);
    return;
  }
  if (field.value === "") field.value = sent.text;
  const message = document.getElementById(`${field.id}-error`);
  if (message) {
    message.textContent = reason;
    message.setAttribute("role", "alert");
  }
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", `${field.id}-error`);
  field.focus();
}

document.addEventListener("DOMContentLoaded", () => {
  // Seed 000's label is removed from its superview once faded; CSS alone can only hide it.
  for (const toast of document.querySelectorAll(".toast")) {
    toast.addEventListener("animationend", () => toast.remove());
  }
  // The address that asked for the label, or for the focus, would do it again on reload; drop both.
  const url = new URL(window.location.href);
  let tidied = false;
  for (const name of ["downloaded", "focus"]) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      tidied = true;
    }
  }
  if (tidied) window.history.replaceState(null, "", url.pathname + url.search);
});
