// An explanation kept in a title ("pointing at it says why") is shown on the keyboard's
// focus and on a touch too, as Bootstrap's tooltip: an element with
// data-bs-toggle="tooltip" and tabindex="0" (a review: keyboard and touch users never saw
// why a game was not rated). Loaded on every page, after Bootstrap.
(function () {
  "use strict";
  document.querySelectorAll('[data-bs-toggle="tooltip"]').forEach(function (element) {
    bootstrap.Tooltip.getOrCreateInstance(element);
  });
})();
