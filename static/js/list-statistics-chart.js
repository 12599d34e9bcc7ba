// Draws a published list's players by rating band (templates/lists/statistics.html) with
// the vendored Chart.js: one bar per band of 100 points. The data is the page's
// json_script element: {"bands": [{"from": 1400, "players": 123}, ...]}, empty bands
// included; the page's table gives the same figures.
(function () {
  "use strict";
  const source = document.getElementById("rating-bands-data");
  const canvas = document.getElementById("rating-bands-chart");
  if (!source || !canvas || typeof window.Chart === "undefined") return;
  const data = JSON.parse(source.textContent);
  if (!data.bands || !data.bands.length) return;
  new window.Chart(canvas, {
    type: "bar",
    data: {
      labels: data.bands.map(function (band) {
        return String(band.from);
      }),
      datasets: [
        {
          label: "Players",
          data: data.bands.map(function (band) {
            return band.players;
          }),
          backgroundColor: "#0d6efd",
          barPercentage: 1,
          categoryPercentage: 0.95,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { title: { display: true, text: "Rating (band of 100 from)" } },
        y: { title: { display: true, text: "Players" }, beginAtZero: true, ticks: { precision: 0 } },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: function (items) {
              const from = Number(items[0].label);
              return from + "–" + (from + 99);
            },
          },
        },
      },
    },
  });
})();
