// Polls the period's progress while it is computed or published, and reloads the page when
// that is done.
(function () {
  const section = document.getElementById("computation");
  if (!section || !section.dataset.computing) return;
  const bar = document.getElementById("progress-bar");
  const text = document.getElementById("progress-text");
  const status = document.getElementById("period-status");
  async function poll() {
    let data;
    try {
      const response = await fetch(section.dataset.progressUrl, { headers: { Accept: "application/json" } });
      if (response.redirected || response.status === 403 || response.status === 404) {
        // Signed out meanwhile (the sign-in expired), or the period is no longer there for
        // this user: the page itself says so, where polling went on for ever (a review).
        window.location.reload();
        return;
      }
      data = await response.json();
    } catch (error) {
      setTimeout(poll, 2000);
      return;
    }
    bar.style.width = data.percent + "%";
    bar.textContent = data.done.toLocaleString("en-US") + " / " + data.total.toLocaleString("en-US");
    bar.parentElement.setAttribute("aria-valuenow", data.percent);
    status.textContent = data.status_display;
    // A computation whose worker went silent past its lease is not followed: the page,
    // reloaded, says it stopped and offers to compute again (a review found it polled on).
    if (data.computing || data.publishing) {
      if (data.stage) text.textContent = data.stage;
      setTimeout(poll, 1000);
    } else {
      window.location.reload();
    }
  }
  setTimeout(poll, 500);
})();
