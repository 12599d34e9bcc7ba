// The calculator's "Online arena only" fields are shown for the online arena's rule set
// alone (a review: always shown). Without script they stay, as the form reads them only
// for that rule set.
(function () {
  "use strict";
  var choice = document.getElementById("id_rule_set");
  var online = document.getElementById("online-only");
  if (!choice || !online) {
    return;
  }
  function show() {
    online.hidden = choice.value !== "online-arena";
  }
  choice.addEventListener("change", show);
  show();
})();
