// Draws a player's rating history (templates/players/detail.html) with the vendored Chart.js:
// one line per category, x = list date, y = the published rating. The data is the page's
// json_script element: {"datasets": [{"category", "label", "points": [{"x": date,
// "y": rating or null}]}]}; a null rating (below the floor) is a gap.
// The x axis counts months, so that lists far apart in time are drawn far apart (a
// category axis would put a gap of two years one step from a month).
(function () {
  "use strict";
  const source = document.getElementById("rating-history-data");
  const canvas = document.getElementById("rating-history-chart");
  if (!source || !canvas || typeof window.Chart === "undefined") return;
  const data = JSON.parse(source.textContent);
  if (!data.datasets || !data.datasets.length) return;
  // "2025-04-01" -> months since year 0, and back to "2025-04" for the ticks.
  const monthOf = function (date) {
    const parts = date.split("-");
    return Number(parts[0]) * 12 + Number(parts[1]) - 1;
  };
  const listMonth = function (month) {
    return Math.floor(month / 12) + "-" + String((month % 12) + 1).padStart(2, "0");
  };
  const colours = { standard: "#0d6efd", rapid: "#198754", blitz: "#dc3545" };
  // A player of one list (a first rating) gets the months either side of it: left to
  // itself Chart.js widened a range of one value by 5% of it, 1916 to 2166 (a review).
  const months = [];
  data.datasets.forEach(function (series) {
    series.points.forEach(function (point) {
      months.push(monthOf(point.x));
    });
  });
  const oneMonth =
    months.length > 0 && Math.min.apply(null, months) === Math.max.apply(null, months);
  new window.Chart(canvas, {
    type: "line",
    data: {
      datasets: data.datasets.map(function (series) {
        const colour = colours[series.category] || "#6c757d";
        return {
          label: series.label,
          data: series.points.map(function (point) {
            return { x: monthOf(point.x), y: point.y, date: point.x };
          }),
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
        x: {
          type: "linear",
          min: oneMonth ? months[0] - 2 : undefined,
          max: oneMonth ? months[0] + 2 : undefined,
          title: { display: true, text: "List date" },
          ticks: {
            precision: 0,
            callback: function (value) {
              return Number.isInteger(value) ? listMonth(value) : "";
            },
          },
        },
        y: {
          title: { display: true, text: "Rating" },
          ticks: { precision: 0, format: { useGrouping: false } },
        },
      },
      plugins: {
        legend: { display: true },
        tooltip: {
          callbacks: {
            title: function (items) {
              return items.length ? items[0].raw.date : "";
            },
          },
        },
      },
    },
  });
})();
