/* The captain's page: enter a deal, see its breakdown before saving, save it at once or, without
 * a connection, keep it in this browser until it can be sent. Every deal waits in a queue in
 * localStorage (with its idempotency key) from the moment "Save" is pressed until the server
 * has answered, so that a reload, a dead battery or a lost connection loses nothing and a deal
 * sent twice is stored once. The server (the table API) checks and stores; this script only
 * collects what was played and shows what the server says. */
(() => {
  "use strict";

  const Series = window.KarlchenSeries;
  const form = document.getElementById("deal-form");
  const queueBox = document.getElementById("queue");
  const preview = document.getElementById("preview");
  const status = document.getElementById("status");
  const RETRY_MS = 5000;
  const PREVIEW_DELAY_MS = 250;

  let data = readData();
  let correcting = null; // {number, version} while a played deal is corrected
  let editingQueued = null; // the key of a waiting deal loaded back into the form
  let previewTimer = null;
  let flushing = false;
  let lastPreview = null; // {deal, points}: the server's score of the deal now in the form

  function readData() {
    return JSON.parse(document.getElementById("captain-data").textContent);
  }

  function text(name, values) {
    return window.Karlchen.text(data.texts, name, values); // karlchen/texts.js
  }

  // --- the queue ---------------------------------------------------------------------------

  function queueKey() {
    // The desk (an organiser's session) keeps its own queue beside a captain's on one browser.
    return `karlchen.queue.${data.token ? "table." : "desk."}${data.table}`;
  }

  function loadQueue() {
    try {
      return JSON.parse(localStorage.getItem(queueKey())) || [];
    } catch {
      return [];
    }
  }

  function saveQueue(queue) {
    localStorage.setItem(queueKey(), JSON.stringify(queue));
    renderQueue(queue);
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function renderQueue(queue) {
    queueBox.hidden = queue.length === 0;
    const list = queueBox.querySelector("ul");
    list.replaceChildren();
    queueBox.querySelector("[data-queue-count]").textContent = text(
      queue.length === 1 ? "waiting_one" : "waiting_many",
      { count: queue.length }
    );
    queue.forEach((item) => {
      const row = document.createElement("li");
      const label = item.op === "correct" ? "correction_of" : "deal_number";
      row.append(text(label, { number: item.number }));
      if (item.errors) {
        row.classList.add("failed");
        const reasons = document.createElement("span");
        reasons.className = "error";
        reasons.textContent = ` ${item.errors.map((error) => error.message).join(" ")}`;
        row.append(reasons);
        row.append(button(text("edit"), () => editQueued(item.key)));
        row.append(button(text("discard"), () => discardQueued(item.key)));
      }
      list.append(row);
    });
    showNextDeal();
    showCard();
  }

  function button(label, onClick) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.addEventListener("click", onClick);
    return element;
  }

  /* The series after the deals still waiting: what the next deal is from here. */
  function predicted() {
    let cursor = data.series;
    for (const item of loadQueue()) {
      if (item.op !== "record") continue;
      const next = Series.after(data.series, cursor, Series.played(data.game, item.deal));
      if (next === null) return { cursor: cursor, unsure: true };
      cursor = next;
    }
    return { cursor: cursor, unsure: false };
  }

  function request(item) {
    const body = { deal: item.deal, idempotency_key: item.key };
    if (item.op === "record") {
      body.number = item.number;
      return send(data.urls.record, "POST", body);
    }
    body.version = item.version;
    body.reason = item.reason;
    return send(dealUrl(item.number), "PUT", body);
  }

  function dealUrl(number) {
    return data.urls.deal.replace("/0/", `/${number}/`);
  }

  function headers() {
    const common = {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Accept-Language": document.documentElement.lang,
    };
    // A captain speaks with the table's token; an organiser at the desk with the session.
    if (data.token) return { ...common, Authorization: `Table ${data.token}` };
    return { ...common, "X-CSRFToken": data.csrf };
  }

  async function send(url, method, body) {
    const response = await fetch(url, {
      method: method,
      credentials: "same-origin",
      headers: headers(),
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    return { status: response.status, body: answer };
  }

  function isStored(answer) {
    return answer.status === 200 || answer.status === 201;
  }

  function isRefused(answer) {
    return answer.status >= 400 && answer.status < 500;
  }

  /* Send what waits, oldest first; stop at the first deal refused or not answered. */
  async function flush() {
    if (flushing) return;
    flushing = true;
    let stored = 0;
    try {
      for (;;) {
        const item = loadQueue()[0];
        if (!item || item.errors) break;
        let answer;
        try {
          answer = await request(item);
        } catch {
          setStatus(text("offline_waiting"), "warn");
          break; // no connection: try again later
        }
        if (isStored(answer)) {
          saveQueue(loadQueue().filter((waiting) => waiting.key !== item.key));
          stored += 1;
        } else if (isRefused(answer)) {
          markRefused(item.key, answer.body.errors || []);
          break;
        } else {
          setStatus(text("server_trouble"), "warn");
          break;
        }
      }
    } finally {
      flushing = false;
    }
    if (stored) {
      setStatus(text(stored === 1 ? "sent_one" : "sent_many", { count: stored }), "ok");
      await refresh();
    }
  }

  function markRefused(key, errors) {
    const queue = loadQueue();
    queue.forEach((item) => {
      if (item.key === key) item.errors = errors;
    });
    saveQueue(queue);
    setStatus(text("waiting_refused"), "error");
  }

  function editQueued(key) {
    const item = loadQueue().find((waiting) => waiting.key === key);
    if (!item) return;
    editingQueued = key;
    correcting = item.op === "correct" ? { number: item.number, version: item.version } : null;
    fillForm(item.deal, item.reason || "");
    showErrors(item.errors || []);
    showNextDeal();
    form.scrollIntoView({ behavior: "smooth" });
  }

  function discardQueued(key) {
    if (!window.confirm(text("discard_confirm"))) return;
    const queue = loadQueue();
    const index = queue.findIndex((item) => item.key === key);
    const removed = queue.splice(index, 1)[0];
    // Deals after a discarded one move up a number, unless the server may already have them.
    queue.slice(index).forEach((item) => {
      if (removed.op === "record" && item.op === "record" && !item.tried) item.number -= 1;
    });
    saveQueue(queue);
    flush();
  }

  // --- the form ----------------------------------------------------------------------------

  function value(name) {
    const checked = form.querySelector(`[name="${name}"]:checked`);
    return checked ? checked.value : null;
  }

  function checkedNumbers(name) {
    const checked = form.querySelectorAll(`[name="${name}"]:checked`);
    return Array.from(checked).map((input) => Number(input.value));
  }

  function number(name) {
    const field = form.elements[name];
    if (!field || field.closest("[hidden]") || field.value.trim() === "") return null;
    const parsed = Number(field.value);
    return Number.isInteger(parsed) ? parsed : field.value;
  }

  function buildDeal() {
    return data.game === "schafkopf" ? schafkopfDeal() : doppelkopfDeal();
  }

  function doppelkopfDeal() {
    const contract = value("contract");
    const deal = { contract: contract, re: checkedNumbers("re") };
    if (contract === "solo") deal.solo = value("solo");
    const points = number("points");
    if (value("points_of") === "kontra" && Number.isInteger(points)) {
      deal.kontra_points = points;
      deal.re_points = 240 - points;
    } else {
      deal.re_points = points;
    }
    const tricks = number("re_tricks");
    if (tricks !== null) deal.re_tricks = tricks;
    deal.announcements = { re: form.elements.ann_re.value || null };
    deal.announcements.kontra = form.elements.ann_kontra.value || null;
    deal.extras = extras();
    return deal;
  }

  function extras() {
    const list = [];
    form.querySelectorAll("[data-extra]").forEach((field) => {
      if (field.closest("[hidden]")) return;
      const count = Number(field.value) || 0;
      for (let index = 0; index < count; index += 1) {
        list.push({ type: field.dataset.extra, party: field.dataset.party });
      }
    });
    return list;
  }

  function schafkopfDeal() {
    const contract = value("contract");
    const deal = { contract: contract, declarer: Number(value("declarer")) || null };
    deal.partner = contract === "rufer" ? Number(value("partner")) || null : null;
    deal.suit = ["rufer", "solo", "solo_tout"].includes(contract) ? value("suit") : null;
    deal.declarer_points = number("points");
    const tricks = number("declarer_tricks");
    if (tricks !== null) deal.declarer_tricks = tricks;
    deal.laufende = number("laufende") || 0;
    return deal;
  }

  function fillForm(deal, reason) {
    form.reset();
    setChecked("contract", [deal.contract]);
    if (data.game === "schafkopf") {
      setChecked("declarer", [deal.declarer]);
      setChecked("partner", [deal.partner]);
      setChecked("suit", [deal.suit]);
      form.elements.points.value = deal.declarer_points ?? "";
      form.elements.declarer_tricks.value = deal.declarer_tricks ?? "";
      form.elements.laufende.value = deal.laufende || 0;
    } else {
      setChecked("solo", [deal.solo]);
      setChecked("re", deal.re || []);
      setChecked("points_of", ["re"]);
      form.elements.points.value = deal.re_points ?? "";
      form.elements.re_tricks.value = deal.re_tricks ?? "";
      const announcements = deal.announcements || {};
      form.elements.ann_re.value = announcements.re || "";
      form.elements.ann_kontra.value = announcements.kontra || "";
      form.querySelectorAll("[data-extra]").forEach((field) => {
        const same = (deal.extras || []).filter(
          (extra) => extra.type === field.dataset.extra && extra.party === field.dataset.party
        );
        field.value = same.length;
      });
    }
    form.elements.reason.value = reason;
    update();
  }

  function setChecked(name, values) {
    const wanted = values.filter((item) => item !== null && item !== undefined).map(String);
    form.querySelectorAll(`[name="${name}"]`).forEach((input) => {
      input.checked = wanted.includes(input.value);
    });
  }

  function clearForm() {
    correcting = null;
    editingQueued = null;
    form.reset();
    preview.replaceChildren();
    showErrors([]);
    showNextDeal();
    update();
  }

  /* Which parts of the form apply: solo types for a solo, tricks where a side has no points. */
  function update() {
    const contract = value("contract");
    form.querySelectorAll("[data-when-contract]").forEach((part) => {
      part.hidden = !part.dataset.whenContract.split(" ").includes(contract);
    });
    const points = number("points");
    const full = data.game === "schafkopf" ? 120 : 240;
    const tout = data.game === "schafkopf" && contract && contract.endsWith("_tout");
    form.querySelector("[data-tricks]").hidden = !(tout || points === 0 || points === full);
    const other = form.querySelector("[data-other-points]");
    other.textContent =
      Number.isInteger(points) && points >= 0 && points <= full
        ? text("other_side_points", { points: full - points })
        : "";
    form.querySelector("[data-reason]").hidden = correcting === null;
    const legend = form.querySelector("[data-re-legend]");
    if (legend) legend.textContent = text(contract === "solo" ? "soloist" : "re_players");
    schedulePreview();
  }

  /* A solo has one Re player: tapping a name then chooses, instead of adding. */
  function onPlayerTap(event) {
    const input = event.target;
    if (input.name !== "re" || !input.checked || value("contract") !== "solo") return;
    form.querySelectorAll('[name="re"]').forEach((other) => {
      if (other !== input) other.checked = false;
    });
  }

  // --- the next deal, as far as this page knows it -----------------------------------------

  function showNextDeal() {
    if (!form) return;
    const title = form.querySelector("[data-form-title]");
    let seats;
    if (correcting) {
      const stored = data.deals[String(correcting.number)];
      seats = stored ? stored.deal.seats : null;
      form.hidden = false;
      title.textContent = text("correcting", { number: correcting.number });
    } else {
      const { cursor, unsure } = predicted();
      const next = unsure ? null : Series.nextDeal(data.series, cursor);
      form.hidden = !unsure && next === null;
      if (next === null) {
        title.textContent = text(unsure ? "next_unknown" : "series_complete");
      } else {
        seats = next.players;
        title.textContent = text("enter_deal", {
          number: next.number,
          dealer: data.names[String(next.dealer)],
        });
        if (next.forced_soloist !== null && !form.dataset.touched) {
          setChecked("contract", ["solo"]);
          setChecked("re", [next.forced_soloist]);
        }
      }
    }
    form.querySelectorAll("[data-seat]").forEach((chip) => {
      const plays = !seats || seats.includes(Number(chip.dataset.seat));
      chip.hidden = !plays;
      chip.querySelector("input").disabled = !plays;
      if (!plays) chip.querySelector("input").checked = false;
    });
    const cancel = form.querySelector("[data-cancel]");
    cancel.hidden = correcting === null && editingQueued === null;
  }

  // --- the table card while deals wait ----------------------------------------------------

  /* While deals wait on this phone, the table card shows where the series stands after them
   * (worked out here with series.js, totals with the points their previews showed), marked
   * as not sent; once the queue is empty, the server's card again. */
  function showCard() {
    const forecast = document.getElementById("forecast");
    const serverCard = document.querySelector("#now .table-now");
    if (!forecast || !serverCard) return;
    const queue = loadQueue();
    forecast.hidden = queue.length === 0;
    serverCard.hidden = queue.length > 0;
    if (!queue.length) {
      forecast.replaceChildren();
      return;
    }
    const { cursor, unsure } = predicted();
    const next = unsure ? null : Series.nextDeal(data.series, cursor);
    const totals = { ...data.totals };
    const unknown = [];
    queue.forEach((item) => {
      if (item.op === "record" && item.points) {
        Object.entries(item.points).forEach(([seat, points]) => {
          totals[seat] = (totals[seat] || 0) + points;
        });
      } else {
        const label = item.op === "correct" ? "correction_of" : "deal_number";
        unknown.push(text(label, { number: item.number }));
      }
    });
    const title = document.createElement("h1");
    title.textContent = serverCard.querySelector("h1").textContent.trim();
    const count = queue.length;
    const notSent = text(count === 1 ? "not_sent_one" : "not_sent_many", { count });
    const tournament = serverCard.querySelector(".tournament").textContent;
    const parts = [
      title,
      paragraph(tournament, "tournament"),
      paragraph(notSent, "banner not-sent"),
    ];
    parts.push(...forecastProgress(unsure, next, cursor));
    parts.push(forecastPlayers(next, cursor, totals));
    if (unknown.length)
      parts.push(paragraph(text("points_unknown", { deals: unknown.join(", ") }), "hint"));
    forecast.replaceChildren(...parts);
  }

  function forecastProgress(unsure, next, cursor) {
    if (unsure) return [paragraph(text("next_unknown"), "progress")];
    if (next === null) {
      return [paragraph(text("all_played", { total: cursor.deals_played }), "banner done")];
    }
    const progress = paragraph("", "progress");
    const strong = document.createElement("strong");
    strong.textContent = text("deal_of", { number: next.number, total: data.deals_total });
    progress.append(strong, ` · ${text("dealer", { name: data.names[String(next.dealer)] })}`);
    if (next.sitting_out !== null) {
      progress.append(` · ${text("sits_out", { name: data.names[String(next.sitting_out)] })}`);
    }
    const parts = [progress];
    if (next.forced_soloist !== null) {
      const name = data.names[String(next.forced_soloist)];
      parts.push(paragraph(text("forced", { name }), "banner forced"));
    }
    return parts;
  }

  function forecastPlayers(next, cursor, totals) {
    const table = document.createElement("table");
    table.className = "players";
    const caption = document.createElement("caption");
    caption.className = "visually-hidden";
    caption.textContent = text("players_caption");
    const columns = ["column_position", "column_player", "column_points"];
    if (data.series.compulsory_solos) columns.push("column_solo");
    const head = document.createElement("tr");
    columns.forEach((column) => {
      const cell = document.createElement("th");
      cell.scope = "col";
      cell.textContent = text(column);
      if (column === "column_points") cell.className = "num";
      head.append(cell);
    });
    const thead = document.createElement("thead");
    thead.append(head);
    const body = document.createElement("tbody");
    const positions = Object.keys(data.names).map(Number);
    positions.sort((a, b) => a - b);
    positions.forEach((seat) => {
      const row = document.createElement("tr");
      if (next && seat === next.sitting_out) row.className = "sitting-out";
      const name = document.createElement("td");
      name.textContent = data.names[String(seat)];
      if (seat === data.keeper) {
        const keeper = document.createElement("span");
        keeper.className = "tag";
        keeper.title = text("keeper_tag");
        keeper.textContent = "✎";
        name.append(" ", keeper);
      }
      if (next && seat === next.dealer) {
        const tag = document.createElement("span");
        tag.className = "tag";
        tag.textContent = text("deals_tag");
        name.append(" ", tag);
      }
      row.append(cell(seat, ""), name, cell(totals[String(seat)] || 0, "num total"));
      if (data.series.compulsory_solos) {
        const done = cursor.compulsory_done.includes(seat);
        const mark = document.createElement("span");
        mark.className = done ? "done" : "owed";
        mark.textContent = done ? `✓ ${text("solo_played")}` : text("solo_open");
        const solo = document.createElement("td");
        solo.append(mark);
        row.append(solo);
      }
      body.append(row);
    });
    table.append(caption, thead, body);
    return table;
  }

  function cell(content, className) {
    const element = document.createElement("td");
    element.className = className;
    element.textContent = String(content);
    return element;
  }

  // --- preview and errors ------------------------------------------------------------------

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(runPreview, PREVIEW_DELAY_MS);
  }

  async function runPreview() {
    const deal = buildDeal();
    const points = data.game === "schafkopf" ? deal.declarer_points : deal.re_points;
    if (points === null || points === undefined) {
      preview.replaceChildren();
      showErrors([]);
      return;
    }
    const body = { deal: deal };
    if (correcting) body.number = correcting.number;
    else if (editingQueued === null && !loadQueue().length) body.number = predictedNumber();
    let answer;
    try {
      answer = await send(data.urls.preview, "POST", body);
    } catch {
      preview.replaceChildren(paragraph(text("preview_offline"), "hint"));
      return;
    }
    if (answer.status === 200) {
      lastPreview = { deal: JSON.stringify(deal), points: answer.body.result.points };
      showErrors([]);
      showBreakdown(answer.body, deal);
    } else {
      preview.replaceChildren();
      showErrors(answer.body.errors || []);
    }
  }

  function predictedNumber() {
    const next = Series.nextDeal(data.series, predicted().cursor);
    return next ? next.number : undefined;
  }

  function paragraph(content, className) {
    const element = document.createElement("p");
    element.className = className;
    element.textContent = content;
    return element;
  }

  function showBreakdown(result, deal) {
    const score = result.result;
    const heading = document.createElement("h3");
    heading.textContent = score.winner
      ? text("breakdown_winner", { party: data.parties[score.winner], value: score.value })
      : text("breakdown_nobody", { value: score.value });
    const lines = document.createElement("ul");
    score.lines.forEach((line) => {
      const item = document.createElement("li");
      const sign = line.points > 0 ? "+" : "";
      const party = data.parties[line.party] || line.party;
      const label = data.lines[line.code] || line.code;
      item.textContent = text("breakdown_line", { line: label, points: sign + line.points, party });
      lines.append(item);
    });
    const points = document.createElement("dl");
    points.className = "points";
    Object.entries(score.points).forEach(([seat, value]) => {
      const name = document.createElement("dt");
      name.textContent = data.names[seat];
      const amount = document.createElement("dd");
      amount.textContent = (value > 0 ? "+" : "") + value;
      amount.className = value > 0 ? "plus" : value < 0 ? "minus" : "";
      points.append(name, amount);
    });
    const solo = deal.contract === "solo" && data.solos[deal.solo];
    const kindName = data.kinds[result.kind] || result.kind;
    const kind = paragraph(solo ? `${kindName} · ${solo}` : kindName, "kind");
    preview.replaceChildren(heading, kind, lines, points);
  }

  /* Each message at the field it names (the closest one the form has), the rest on top. */
  function showErrors(errors) {
    form.querySelectorAll("[data-error-for]").forEach((slot) => {
      slot.textContent = "";
    });
    form.querySelectorAll("[aria-invalid]").forEach((field) => {
      field.removeAttribute("aria-invalid");
    });
    errors.forEach((error) => {
      const slot = slotFor(error.field);
      slot.textContent = `${slot.textContent} ${error.message}`.trim();
      const group = slot.closest("fieldset, .field");
      group?.querySelectorAll("input, select").forEach((field) => {
        field.setAttribute("aria-invalid", "true");
      });
    });
    const first = errors.length ? slotFor(errors[0].field) : null;
    if (first) first.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  function slotFor(field) {
    let best = form.querySelector('[data-error-for="deal"]');
    let length = 0;
    form.querySelectorAll("[data-error-for]").forEach((slot) => {
      slot.dataset.errorFor.split(" ").forEach((name) => {
        const matches = field === name || (field || "").startsWith(`${name}.`);
        if (matches && name.length > length) {
          best = slot;
          length = name.length;
        }
      });
    });
    return best;
  }

  function setStatus(message, tone) {
    status.textContent = message;
    status.dataset.tone = tone;
  }

  // --- saving ------------------------------------------------------------------------------

  async function onSubmit(event) {
    event.preventDefault();
    const item = queuedItem();
    if (item === null) return;
    const queue = loadQueue();
    const index = queue.findIndex((waiting) => waiting.key === editingQueued);
    if (index >= 0) queue[index] = item;
    else queue.push(item);
    saveQueue(queue);
    if (queue[0].key !== item.key) {
      clearForm();
      flush();
      return;
    }
    await sendNow(item);
  }

  function queuedItem() {
    const deal = buildDeal();
    const key = newKey();
    if (correcting) {
      const reason = form.elements.reason.value;
      const { number, version } = correcting;
      return { op: "correct", number, version, reason, deal, key };
    }
    const next = Series.nextDeal(data.series, predicted().cursor);
    const previous = loadQueue().find((waiting) => waiting.key === editingQueued);
    const number = previous ? previous.number : next ? next.number : null;
    if (number === null) return null;
    const item = { op: "record", number: number, deal: deal, key: key };
    // Its points as the preview showed them, for the table card while it waits.
    if (lastPreview && lastPreview.deal === JSON.stringify(deal)) item.points = lastPreview.points;
    return item;
  }

  /* The first deal waiting: sent while the captain watches, a refusal shown in the form. */
  async function sendNow(item) {
    setStatus(text("saving"), "busy");
    let answer;
    try {
      markTried(item.key);
      answer = await request(item);
    } catch {
      clearForm();
      setStatus(text("offline_kept"), "warn");
      return;
    }
    if (isStored(answer)) {
      saveQueue(loadQueue().filter((waiting) => waiting.key !== item.key));
      clearForm();
      setStatus(text("saved", { number: answer.body.number }), "ok");
      await refresh();
      flush();
    } else if (isRefused(answer)) {
      saveQueue(loadQueue().filter((waiting) => waiting.key !== item.key));
      editingQueued = null;
      showErrors(answer.body.errors || []);
      setStatus(text("refused"), "error");
      if (answer.status === 409) await refresh();
    } else {
      clearForm();
      setStatus(text("server_trouble"), "warn");
    }
  }

  function markTried(key) {
    const queue = loadQueue();
    queue.forEach((item) => {
      if (item.key === key) item.tried = true;
    });
    localStorage.setItem(queueKey(), JSON.stringify(queue));
  }

  // --- the table screen and the list -------------------------------------------------------

  async function refresh() {
    try {
      const response = await fetch(data.urls.live, { credentials: "same-origin" });
      if (response.status === 403) {
        window.location.reload(); // the link was reissued: the page says so
        return;
      }
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      ["now", "sheet", "captain-data"].forEach((id) => {
        document.getElementById(id).replaceChildren(...fresh.getElementById(id).childNodes);
      });
      data = readData();
      showCard();
      if (form) {
        showNextDeal();
        update();
      }
      const worker = navigator.serviceWorker?.controller;
      if (worker) worker.postMessage("table-changed"); // its offline copy of this page
    } catch {
      // offline: the list stays as it was; the queue says what waits
    }
  }

  function onLiveClick(event) {
    const target = event.target.closest("[data-correct]");
    if (!target || !form) return;
    const stored = data.deals[target.dataset.correct];
    correcting = { number: Number(target.dataset.correct), version: stored.version };
    editingQueued = null;
    fillForm(stored.deal, "");
    showNextDeal();
    form.scrollIntoView({ behavior: "smooth" });
    form.elements.reason.focus({ preventScroll: true });
  }

  async function onConfirm(event) {
    const confirmForm = event.target.closest("form[data-confirm]");
    if (!confirmForm) return;
    event.preventDefault();
    const player = confirmForm.querySelector('[name="player"]:checked');
    const body = {
      version: Number(confirmForm.dataset.version),
      player: player ? Number(player.value) : null,
      pin: confirmForm.elements.pin.value,
    };
    const url = `${dealUrl(confirmForm.dataset.confirm)}confirmation/`;
    let answer;
    try {
      answer = await send(url, "POST", body);
    } catch {
      setStatus(text("confirm_offline"), "warn");
      return;
    }
    if (answer.status === 200) {
      setStatus(text("confirmed", { number: confirmForm.dataset.confirm }), "ok");
      await refresh();
      return;
    }
    const slot = confirmForm.querySelector("[data-confirm-error]");
    slot.textContent = (answer.body.errors || []).map((error) => error.message).join(" ");
  }

  // --- start -------------------------------------------------------------------------------

  document.addEventListener("click", onLiveClick);
  document.addEventListener("submit", onConfirm);
  if (form) {
    form.addEventListener("submit", onSubmit);
    form.addEventListener("input", () => {
      form.dataset.touched = "1";
      update();
    });
    form.addEventListener("change", (event) => {
      onPlayerTap(event);
      update();
    });
    form.addEventListener("reset", () => {
      delete form.dataset.touched;
      setTimeout(update, 0);
    });
    form.querySelector("[data-cancel]").addEventListener("click", clearForm);
    form.querySelectorAll("[data-step]").forEach((stepper) => {
      stepper.addEventListener("click", () => {
        const field = document.getElementById(stepper.dataset.target);
        const next = (Number(field.value) || 0) + Number(stepper.dataset.step);
        field.value = Math.max(Number(field.min) || 0, Math.min(Number(field.max) || 99, next));
        form.dataset.touched = "1";
        update();
      });
    });
    update();
  }
  renderQueue(loadQueue());
  if ("serviceWorker" in navigator && data.urls.service_worker) {
    navigator.serviceWorker.register(data.urls.service_worker).catch(() => {
      // without it the page still works; only a reload without a connection fails
    });
  }
  window.addEventListener("online", flush);
  setInterval(flush, RETRY_MS);
  flush();
})();
