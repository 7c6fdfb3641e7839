/* The standings widget keeps itself current as the live page does: every few seconds it asks
 * the standings API whether the ranking changed (If-None-Match with the last ETag: a 304 costs
 * the server next to nothing) and redraws its first rows when it did. */
(() => {
  "use strict";

  const data = JSON.parse(document.getElementById("widget-data").textContent);
  const table = document.getElementById("ranking");
  const state = document.getElementById("live-state");
  let etag = data.etag;

  function text(name, values) {
    return window.Karlchen.text(data.texts, name, values); // karlchen/texts.js
  }

  function cell(content, className) {
    const element = document.createElement("td");
    if (className) element.className = className;
    element.append(content);
    return element;
  }

  function nameCell(row) {
    if (row.hidden) {
      const hidden = document.createElement("em");
      hidden.textContent = text("hidden");
      return cell(hidden, "name");
    }
    const element = cell(row.player.name, "name");
    if (row.player.club) {
      const club = document.createElement("small");
      club.textContent = row.player.club;
      element.append(" ", club);
    }
    return element;
  }

  function render(rows) {
    const body = document.createElement("tbody");
    rows.slice(0, data.rows).forEach((row) => {
      const tr = document.createElement("tr");
      tr.append(cell(String(row.rank), "rank"), nameCell(row), cell(String(row.total), "num"));
      body.append(tr);
    });
    table.tBodies[0].replaceWith(body);
    document.getElementById("ranking-empty").hidden = rows.length > 0; // nobody ranked yet
  }

  /* Provisional while series remain (the API's Series-Closed and Series-Planned headers). */
  function showProgress(response) {
    const mark = document.getElementById("provisional");
    const closed = response.headers.get("Series-Closed");
    const planned = response.headers.get("Series-Planned");
    if (!mark || closed === null || planned === null) return;
    const open = Number(closed) < Number(planned);
    mark.textContent = open ? text("provisional", { closed, planned }) : "";
    mark.hidden = !open;
  }

  async function poll() {
    try {
      const response = await fetch(data.standings, {
        headers: etag ? { "If-None-Match": etag, Accept: "application/json" } : {},
      });
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        render(await response.json());
      }
      if (response.status === 200 || response.status === 304) showProgress(response);
      state.textContent = text("updated", { time: new Date().toLocaleTimeString() });
    } catch {
      state.textContent = text("offline");
    }
  }

  setInterval(poll, data.poll_seconds * 1000);
})();
