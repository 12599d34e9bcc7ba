// A form whose work takes a while (a report read and checked in the request, a registry or
// a day of the online arena loaded) says so once it is sent, and is not sent twice: a
// second click would upload a second version. data-busy holds what it says. Loaded on
// every page after confirm.js, so that a question answered "Cancel" sends nothing.
(function () {
  "use strict";
  // Long after any answer: a send the user stopped (Esc, the Stop button) leaves the page
  // as it was, and the form may be sent again then rather than never.
  const SENT_FOR_MS = 30000;

  function ready(form) {
    delete form.dataset.sent;
    form.querySelectorAll(".form-busy").forEach(function (status) {
      status.remove();
    });
    form.querySelectorAll("[aria-disabled=true]").forEach(function (button) {
      button.classList.remove("disabled");
      button.removeAttribute("aria-disabled");
    });
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    const message = form.dataset.busy;
    if (!message || event.defaultPrevented) {
      return;
    }
    if (form.dataset.sent) {
      event.preventDefault();
      return;
    }
    form.dataset.sent = "true";
    // Not disabled: a disabled button would leave its own name out of what is sent.
    form.querySelectorAll("button[type=submit], input[type=submit]").forEach(function (button) {
      button.classList.add("disabled");
      button.setAttribute("aria-disabled", "true");
    });
    const status = document.createElement("div");
    status.className = "form-busy mt-3 text-body-secondary";
    status.setAttribute("role", "status");
    const spinner = document.createElement("span");
    spinner.className = "spinner-border spinner-border-sm me-2";
    spinner.setAttribute("aria-hidden", "true");
    status.append(spinner, message);
    form.append(status);
    window.setTimeout(function () {
      ready(form);
    }, SENT_FOR_MS);
  });
  // Back to the page from the next one (the browser's page cache): the form as it was.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      document.querySelectorAll("form[data-sent]").forEach(ready);
    }
  });
})();
