/* The teams' and clubs' rankings keep themselves current like the players' ranking: every few
 * seconds they ask the API whether they changed (If-None-Match with the last ETag: a 304 costs
 * the server next to nothing) and redraw their tables when they did. */
(() => {
  "use strict";

  const element = document.getElementById("side-rankings-data");
  if (!element) return;
  const data = JSON.parse(element.textContent);
  let etag = data.etag;

  function cell(content, className) {
    const td = document.createElement("td");
    if (className) td.className = className;
    td.append(content);
    return td;
  }

  function member(row, last) {
    const span = document.createElement("span");
    span.className = row.counted ? "member counted" : "member";
    if (row.hidden) {
      const hidden = document.createElement("em");
      hidden.textContent = data.texts.hidden;
      span.append(hidden);
    } else if (row.counted) {
      const name = document.createElement("strong");
      name.textContent = row.name;
      span.append(name);
    } else {
      span.append(row.name);
    }
    if (row.captain) span.append(` (${data.texts.captain})`);
    if (row.substitute) span.append(` (${data.texts.substitute})`);
    span.append(` ${row.points}`);
    return last ? [span] : [span, ", "];
  }

  function redraw(tableId, rows) {
    const table = document.getElementById(tableId);
    if (!table) return;
    const shown = data.limit ? rows.slice(0, data.limit) : rows;
    const body = document.createElement("tbody");
    for (const row of shown) {
      const tr = document.createElement("tr");
      const name = cell(row.name, "name");
      if (!row.ranked) {
        const note = document.createElement("small");
        note.textContent = ` ${data.texts.not_ranked}`;
        name.append(note);
      }
      const members = cell("", "members");
      row.members.forEach((one, index) => {
        members.append(...member(one, index === row.members.length - 1));
      });
      tr.append(cell(row.ranked ? String(row.rank) : "–", "rank"), name);
      tr.append(cell(String(row.score), "num"), members);
      body.append(tr);
    }
    table.tBodies[0].replaceWith(body);
  }

  async function poll() {
    try {
      const response = await fetch(data.api, {
        headers: { "If-None-Match": etag, Accept: "application/json" },
        credentials: "omit", // the spectators' view, even for a signed-in organiser
      });
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        const body = await response.json();
        redraw("side-teams", body.teams);
        redraw("side-clubs", body.clubs);
      }
    } catch {
      // offline for a moment: the next poll tries again
    }
    window.setTimeout(poll, data.poll_seconds * 1000);
  }

  window.setTimeout(poll, data.poll_seconds * 1000);
})();
