/* The spectator pages keep themselves current: every few seconds they ask the API whether the
 * ranking changed (If-None-Match with the last ETag: a 304 costs the server next to nothing),
 * redraw it when it did, mark the rows that changed and show who moved up or down. The ranking
 * page shows the tie-break figures of equal totals and filters the rows by a name typed in its
 * search box. The beamer view fits as many rows on a page as the screen's height takes and
 * shows every page in turn (each for `page_seconds`); below them, its sections that refresh
 * themselves (the evening in figures, between series) are asked with every poll. */
(() => {
  "use strict";

  const data = JSON.parse(document.getElementById("spectator-data").textContent);
  const table = document.getElementById("ranking");
  const beamer = document.body.classList.contains("beamer");
  const state = document.getElementById("live-state");
  let etag = data.etag;
  const BEAMER_MARGIN = 8; // px kept free below a beamer page's last row
  let tablesEtag = "";
  let page = 0;
  let pages = [[0, 0]]; // the beamer's pages: [first row, row after the last]
  const search = document.getElementById("ranking-search");
  const matches = document.getElementById("ranking-matches");

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

  /* A tie-break's figure of a row (as results/domain/standings.py tie_break_value). */
  function tieValue(row, name) {
    if (name === "series_won") return row.series_won || 0;
    if (name === "best_series") {
      const points = Object.values(row.series || {});
      return points.length ? Math.max(...points) : 0;
    }
    return row.deals_played || 0;
  }

  /* Per row, the tie-break figures that separate it from equal totals: a run of equal totals
   * shows the tie-breaks up to the last one needed to order it (as standings.py tie_figures). */
  function tieFigures(rows) {
    const names = (data.tie_breaks || []).map((one) => one.name);
    const figures = rows.map(() => []);
    let start = 0;
    while (start < rows.length) {
      let end = start;
      while (end + 1 < rows.length && rows[end + 1].total === rows[start].total) end += 1;
      const values = rows.slice(start, end + 1).map((row) => names.map((n) => tieValue(row, n)));
      let needed = 0;
      for (let i = 0; i + 1 < values.length; i += 1) {
        const differing = values[i].findIndex((value, k) => value !== values[i + 1][k]);
        if (differing >= 0) needed = Math.max(needed, differing + 1);
      }
      values.forEach((figure, offset) => {
        figures[start + offset] = figure.slice(0, needed);
      });
      start = end + 1;
    }
    return figures;
  }

  function totalCell(row, ties) {
    const element = cell("", "num total");
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = row.total;
    element.append(points);
    if (ties?.length) {
      const small = document.createElement("small");
      small.className = "tie";
      small.textContent = ties.join(" · ");
      small.title = ties
        .map((value, index) => `${data.tie_breaks[index].label}: ${value}`)
        .join(" · ");
      element.append(small);
    }
    return element;
  }

  /* Previous rank and total per listed player, read from the rows on the page now. */
  function previous() {
    const known = {};
    table.querySelectorAll("tbody tr[data-entry]").forEach((tr) => {
      if (!tr.dataset.entry) return;
      known[tr.dataset.entry] = {
        rank: Number(tr.dataset.rank),
        total: tr.querySelector(".total .points").textContent,
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
    const ties = tieFigures(rows);
    rows.forEach((row, index) => {
      const tr = document.createElement("tr");
      tr.dataset.entry = row.entry === null ? "" : row.entry;
      tr.dataset.rank = row.rank;
      tr.dataset.name = row.hidden ? "" : row.player.name.toLocaleLowerCase();
      tr.append(cell(row.rank, "rank"), movement(row, before), nameCell(row));
      tr.append(totalCell(row, ties[index]));
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
    showEmpty(rows);
    if (beamer) layout();
    else filter();
  }

  /* Nobody ranked yet (no series seated): the page says when the ranking begins. */
  function showEmpty(rows) {
    const empty = document.getElementById("ranking-empty");
    if (empty) empty.hidden = rows.length > 0;
  }

  /* The ranking page: only the rows whose name holds what is typed in the search box. */
  function filter() {
    if (!search) return;
    const query = search.value.trim().toLocaleLowerCase();
    const rows = Array.from(table.tBodies[0].rows);
    let shown = 0;
    rows.forEach((tr) => {
      const match = !query || (tr.dataset.name || "").includes(query);
      tr.hidden = !match;
      if (match) shown += 1;
    });
    matches.textContent = query ? text("matches", { count: shown, total: rows.length }) : "";
  }

  /* While series remain the ranking is provisional: the standings API says how many of how
   * many series are closed in its Series-Closed and Series-Planned headers (with a 304 too). */
  function showProgress(response) {
    const mark = document.getElementById("provisional");
    const closed = response.headers.get("Series-Closed");
    const planned = response.headers.get("Series-Planned");
    if (!mark || closed === null || planned === null) return;
    const open = Number(closed) < Number(planned);
    const shown = !mark.hidden;
    mark.textContent = open ? text("provisional", { closed, planned }) : "";
    mark.hidden = !open;
    if (beamer && shown !== open) layout(); // the rows start higher or lower now
    showResultsStatus(response.headers.get("Results-Status"));
  }

  /* Provisional until the organisers mark the results final (after the protest period). */
  function showResultsStatus(status) {
    const mark = document.getElementById("results-status");
    if (!mark || !status || mark.dataset.status === status) return;
    mark.dataset.status = status;
    mark.className = `banner results-status ${status}`;
    mark.textContent =
      status === "final" ? text("results_final", {}) : text("results_provisional", {});
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
      if (state) state.textContent = text("updated", { time: new Date().toLocaleTimeString() });
    } catch {
      if (state) state.textContent = text("offline");
    }
    if (beamer) await refreshSections();
  }

  /* The beamer's sections that refresh themselves (`data-refresh`: the evening in figures),
   * asked with the standings' poll and their ETag (a 304 while nothing changed): what they
   * answer replaces what they show (nothing while a series is played), and the ranking's
   * pages are fitted again above them. */
  async function refreshSections() {
    let changed = false;
    for (const frame of document.querySelectorAll("#beamer-sections [data-refresh]")) {
      try {
        const response = await fetch(frame.dataset.refresh, {
          headers: frame.dataset.etag ? { "If-None-Match": frame.dataset.etag } : {},
        });
        if (response.status !== 200) continue;
        frame.dataset.etag = response.headers.get("ETag") || "";
        const html = await response.text();
        frame.replaceChildren(document.createRange().createContextualFragment(html));
        changed = true;
      } catch {
        // the ranking's poll says when the connection is gone
      }
    }
    if (changed) layout();
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

  /* The beamer's pages: with every row shown, each page takes the rows from its first one on
   * while they end above the screen's bottom edge (at least one row a page). Measured, not
   * counted, so it fits any screen height and any font size. */
  function layout() {
    const rows = Array.from(table.tBodies[0].rows);
    rows.forEach((tr) => {
      tr.hidden = false;
      tr.style.height = "";
    });
    const below = document.getElementById("beamer-sections"); // the evening in figures
    const bottom = (below ? below.getBoundingClientRect().top : window.innerHeight) - BEAMER_MARGIN;
    const top = rows.length ? rows[0].getBoundingClientRect().top : 0; // each page starts here
    pages = [];
    let start = 0;
    let shift = 0; // how far the page's first row stands below `top` while every row shows
    rows.forEach((tr, index) => {
      const box = tr.getBoundingClientRect();
      if (index > start && box.bottom - shift > bottom) {
        pages.push([start, index]);
        start = index;
      }
      if (index === start) shift = box.top - top;
    });
    pages.push([start, rows.length]);
    // Where rows take more than one page, a full page's rows grow to reach the screen's bottom
    // edge: no empty band below the last row (a page of fewer rows keeps their height).
    if (pages.length > 1) {
      const most = Math.max(...pages.map(([first, end]) => end - first));
      const height = (bottom - top) / most;
      rows.forEach((tr) => {
        tr.style.height = `${height}px`;
      });
    }
    showPage();
  }

  function showPage() {
    page = page % pages.length;
    const [first, end] = pages[page];
    Array.from(table.tBodies[0].rows).forEach((tr, index) => {
      tr.hidden = index < first || index >= end;
    });
    const label = document.getElementById("beamer-page");
    label.textContent =
      pages.length > 1 ? text("page", { page: page + 1, pages: pages.length }) : "";
  }

  if (!table) return;
  setInterval(poll, data.poll_seconds * 1000);
  if (!beamer) {
    setInterval(pollTables, 2 * data.poll_seconds * 1000);
    if (search) search.addEventListener("input", filter);
    filter(); // a search the browser kept from before a reload
  }
  if (beamer) {
    layout();
    window.addEventListener("resize", layout);
    setInterval(() => {
      page += 1;
      showPage();
    }, data.page_seconds * 1000);
  }
})();
