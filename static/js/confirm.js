// Asks before a form does what cannot be undone: a form with data-confirm asks its text, a
// submit button with data-confirm its own (an approval's Approve and Refuse). Loaded on
// every page (templates/base.html): the Content-Security-Policy allows no script written
// into a page, handlers such as onsubmit included.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    const button = event.submitter;
    const question = (button && button.dataset.confirm) || event.target.dataset.confirm;
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
