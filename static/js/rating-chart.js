// Draws a player's rating history (templates/players/detail.html) with the vendored Chart.js:
// one line per category, x = list date, y = the published rating. The data is the page's
// json_script element: {"labels": [list dates], "datasets": [{"category", "label",
// "points": [{"x": date, "y": rating or null}]}]}; a null rating (below the floor) is a gap.
(function () {
  "use strict";
  const source = document.getElementById("rating-history-data");
  const canvas = document.getElementById("rating-history-chart");
  if (!source || !canvas || typeof window.Chart === "undefined") return;
  const data = JSON.parse(source.textContent);
  if (!data.datasets || !data.datasets.length) return;
  const colours = { standard: "#0d6efd", rapid: "#198754", blitz: "#dc3545" };
  new window.Chart(canvas, {
    type: "line",
    data: {
      labels: data.labels,
      datasets: data.datasets.map(function (series) {
        const colour = colours[series.category] || "#6c757d";
        return {
          label: series.label,
          data: series.points,
          borderColor: colour,
          backgroundColor: colour,
          pointRadius: 3,
          tension: 0,
          spanGaps: false,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "nearest", intersect: false },
      scales: {
        x: { type: "category", title: { display: true, text: "List date" } },
        y: {
          title: { display: true, text: "Rating" },
          ticks: { precision: 0, format: { useGrouping: false } },
        },
      },
      plugins: { legend: { display: true } },
    },
  });
})();
