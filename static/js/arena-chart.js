// Draws a member's online rating in one category (templates/arena/player.html) with the
// vendored Chart.js: one point per game and per over-the-board list's change added (3.15),
// or past 1,000 of them his rating at the end of each day or month (arena.views.
// arena_chart_data), x = the moment (UTC), y = the rating to two decimals. The data is the
// page's json_script element: {"points": [{"x": ISO moment, "y": rating or null}], "per":
// "game", "day" or "month"}; a null is a gap (no rating yet, or one lost under the floor,
// 3.3).
// The x axis is linear in milliseconds, so that a day of twenty games and a month without
// one are drawn as far apart as they are (Chart.js's time axis needs a date adapter).
(function () {
  "use strict";
  const source = document.getElementById("arena-rating-data");
  const canvas = document.getElementById("arena-rating-chart");
  if (!source || !canvas || typeof window.Chart === "undefined") return;
  const data = JSON.parse(source.textContent);
  if (!data.points || !data.points.length) return;
  const day = function (ms) {
    return new Date(ms).toISOString().slice(0, 10);
  };
  const points = data.points.map(function (point) {
    return { x: Date.parse(point.x), y: point.y, moment: point.x };
  });
  const xs = points.map(function (point) {
    return point.x;
  });
  const first = Math.min.apply(null, xs);
  const last = Math.max.apply(null, xs);
  // One moment alone gets a day either side: Chart.js would widen it by 5% of the epoch.
  const alone = first === last;
  const colour = "#6f42c1";
  new window.Chart(canvas, {
    type: "line",
    data: {
      datasets: [
        {
          label: canvas.dataset.label,
          data: points,
          borderColor: colour,
          backgroundColor: colour,
          pointRadius: points.length > 200 ? 0 : 2,
          tension: 0,
          spanGaps: false,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      interaction: { mode: "nearest", intersect: false },
      scales: {
        x: {
          type: "linear",
          min: alone ? first - 86400000 : undefined,
          max: alone ? last + 86400000 : undefined,
          title: { display: true, text: "Date (UTC)" },
          ticks: {
            maxTicksLimit: 8,
            callback: function (value) {
              return day(value);
            },
          },
        },
        y: {
          title: { display: true, text: "Rating" },
          ticks: { format: { useGrouping: false } },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: function (items) {
              return items.length ? items[0].raw.moment.slice(0, 16).replace("T", " ") : "";
            },
          },
        },
      },
    },
  });
})();
