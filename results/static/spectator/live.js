/* The spectator pages keep themselves current: every few seconds they ask the API whether the
 * ranking changed (If-None-Match with the last ETag: a 304 costs the server next to nothing),
 * redraw it when it did, mark the rows that changed and show who moved up or down. The beamer
 * view pages through the ranking. */
(() => {
  "use strict";

  const data = JSON.parse(document.getElementById("spectator-data").textContent);
  const table = document.getElementById("ranking");
  const beamer = document.body.classList.contains("beamer");
  const state = document.getElementById("live-state");
  let etag = data.etag;
  let tablesEtag = "";
  let page = 0;

  function text(name, values) {
    return window.Karlchen.text(data.texts, name, values); // karlchen/texts.js
  }

  function cell(content, className) {
    const element = document.createElement("td");
    if (className) element.className = className;
    if (content instanceof Node) element.append(content);
    else element.textContent = content;
    return element;
  }

  function nameCell(row) {
    const element = cell("", "name");
    if (row.hidden) {
      const hidden = document.createElement("em");
      hidden.textContent = text("hidden");
      element.append(hidden);
      return element;
    }
    if (beamer) {
      element.append(row.player.name);
    } else {
      const link = document.createElement("a");
      link.href = data.player_url.replace("/0/", `/${row.entry}/`);
      link.textContent = row.player.name;
      element.append(link);
    }
    const club = document.createElement("small");
    club.className = "club";
    club.textContent = row.player.club || "";
    element.append(club);
    return element;
  }

  /* Previous rank and total per listed player, read from the rows on the page now. */
  function previous() {
    const known = {};
    table.querySelectorAll("tbody tr[data-entry]").forEach((tr) => {
      if (!tr.dataset.entry) return;
      known[tr.dataset.entry] = {
        rank: Number(tr.dataset.rank),
        total: tr.querySelector(".total").textContent,
      };
    });
    return known;
  }

  function movement(row, before) {
    const element = cell("", "move");
    const earlier = before[String(row.entry)];
    if (!earlier || earlier.rank === row.rank) return element;
    const up = row.rank < earlier.rank;
    element.textContent = up ? "▲" : "▼";
    element.classList.add(up ? "up" : "down");
    element.title = text(up ? "up" : "down", { places: Math.abs(earlier.rank - row.rank) });
    return element;
  }

  function render(rows) {
    const before = previous();
    const body = document.createElement("tbody");
    rows.forEach((row) => {
      const tr = document.createElement("tr");
      tr.dataset.entry = row.entry === null ? "" : row.entry;
      tr.dataset.rank = row.rank;
      tr.append(cell(row.rank, "rank"), movement(row, before), nameCell(row));
      tr.append(cell(row.total, "num total"));
      if (!beamer) {
        data.series.forEach((number) => {
          const points = row.series[String(number)];
          tr.append(cell(points === undefined ? "" : points, "num series"));
        });
        tr.append(cell(row.deals_played, "num deals"), cell(row.compulsory_solos, "num solos"));
      }
      const earlier = before[String(row.entry)];
      if (earlier && earlier.total !== String(row.total)) tr.classList.add("changed");
      body.append(tr);
    });
    table.tBodies[0].replaceWith(body);
    if (beamer) showPage();
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
      if (state) state.textContent = text("updated", { time: new Date().toLocaleTimeString() });
    } catch {
      if (state) state.textContent = text("offline");
    }
  }

  async function pollTables() {
    if (!data.tables) return;
    try {
      const response = await fetch(data.tables, {
        headers: tablesEtag ? { "If-None-Match": tablesEtag } : {},
      });
      if (response.status !== 200) return;
      tablesEtag = response.headers.get("ETag") || "";
      (await response.json()).tables.forEach((one) => {
        const item = document.querySelector(`#tables [data-table="${one.number}"]`);
        if (!item) return;
        item.querySelector("progress").value = one.progress.deals_played;
        item.querySelector("progress").max = one.progress.deals_total;
        item.querySelector(".count").textContent =
          `${one.progress.deals_played}/${one.progress.deals_total}`;
      });
    } catch {
      // the ranking's poll says when the connection is gone
    }
  }

  function showPage() {
    const rows = Array.from(table.tBodies[0].rows);
    const pages = Math.max(1, Math.ceil(rows.length / data.rows_per_page));
    page = page % pages;
    rows.forEach((tr, index) => {
      tr.hidden = Math.floor(index / data.rows_per_page) !== page;
    });
    const label = document.getElementById("beamer-page");
    label.textContent = pages > 1 ? text("page", { page: page + 1, pages: pages }) : "";
  }

  if (!table) return;
  setInterval(poll, data.poll_seconds * 1000);
  if (!beamer) setInterval(pollTables, 2 * data.poll_seconds * 1000);
  if (beamer) {
    showPage();
    setInterval(() => {
      page += 1;
      showPage();
    }, data.page_seconds * 1000);
  }
})();
