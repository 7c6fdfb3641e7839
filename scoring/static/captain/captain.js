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
  const feedback = document.getElementById("feedback");
  const EXACT_KEY = "karlchen.exactPoints"; // this phone's club counts card points exactly
  // A save the server has not answered by then is left waiting (it keeps its key, so sending it
  // again stores it once) and the captain is told, rather than watching "Saving …" for ever.
  const SEND_TIMEOUT_MS = 20000;
  const PREVIEW_DELAY_MS = 250;

  let data = readData();
  // What waits on this phone is sent again this often (5 s in a page kept from before the setting).
  const RETRY_MS = (data.retry_seconds || 5) * 1000;
  let correcting = null; // {number, version} while a played deal is corrected
  let editingQueued = null; // the key of a waiting deal loaded back into the form
  let previewTimer = null;
  let previewsAsked = 0; // only the answer to the last preview asked may paint the form
  let flushing = false; // a save is on its way: Save's own or the queue's (never both at once)
  let lastPreview = null; // {deal, points}: the server's score of the deal now in the form
  let dealSeats = null; // the positions playing the deal in the form, where this page knows them
  // A quick-entry evening (RULES.md §11.8): the form asks for the value and winners, or points.
  const QUICK = !form
    ? null
    : form.querySelector("[data-quick-values]")
      ? "value"
      : form.querySelector("[data-quick-points-box]")
        ? "points"
        : null;

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

  /* An abort after ``ms`` that reports a TimeoutError (a timer of the page's own clock). */
  function timeoutSignal(ms) {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException("no answer", "TimeoutError")), ms);
    return controller.signal;
  }

  async function send(url, method, body) {
    const response = await fetch(url, {
      method: method,
      credentials: "same-origin",
      headers: headers(),
      body: JSON.stringify(body),
      signal: timeoutSignal(SEND_TIMEOUT_MS),
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

  /* The number of a tapped chip, unless its group does not apply now. */
  function chosenNumber(name) {
    const checked = form.querySelector(`[name="${name}"]:checked`);
    return checked && !checked.closest("[hidden]") ? Number(checked.value) : null;
  }

  function exactPoints() {
    return Boolean(form.elements.exact?.checked);
  }

  /* A band seen from the other party: Kontra's 90–119 is Re's 121–150. */
  function mirrorBand(band) {
    const [low, high = low] = band.split("-").map(Number);
    const full = 240;
    return full - high === full - low ? String(full - low) : `${full - high}-${full - low}`;
  }

  /* Re's card points as far as the form tells: exact, a band, or null. */
  function rePoints() {
    const kontra = value("points_of") === "kontra";
    if (exactPoints()) {
      const points = number("points");
      if (!Number.isInteger(points)) return points === null ? null : { exact: points };
      return kontra ? { exact: 240 - points, kontra: points } : { exact: points };
    }
    const band = value("band");
    if (band === null) return null;
    return { band: kontra ? mirrorBand(band) : band };
  }

  function buildDeal() {
    if (QUICK) return quickDeal();
    return data.game === "schafkopf" ? schafkopfDeal() : doppelkopfDeal();
  }

  // --- quick entry: the game value and the winners, or each player's points ---------------

  function quickPoints() {
    const points = {};
    form.querySelectorAll("[data-quick-points]").forEach((field) => {
      if (field.closest("[hidden]") || field.value.trim() === "") return;
      const parsed = Number(field.value);
      points[field.dataset.quickPoints] = Number.isInteger(parsed) ? parsed : field.value;
    });
    return points;
  }

  function quickValue() {
    const typed = number("quick_value_typed");
    return typed !== null ? typed : chosenNumber("quick_value");
  }

  /* The player alone on their side (one winner or one loser), as rules/quick.py finds them. */
  function lonePlayer(deal) {
    let winners;
    let losers;
    if (deal.entry === "points") {
      const entries = Object.entries(deal.points).map(([seat, points]) => [Number(seat), points]);
      winners = entries.filter(([, points]) => points > 0).map(([seat]) => seat);
      losers = entries.filter(([, points]) => points < 0).map(([seat]) => seat);
    } else {
      if (!deal.value) return null;
      winners = deal.winners;
      losers = dealSeats ? dealSeats.filter((seat) => !winners.includes(seat)) : [];
    }
    if (winners.length === 1 && losers.length !== 1) return winners[0];
    if (losers.length === 1 && winners.length === 3) return losers[0];
    return null;
  }

  /* The deal as the server stores it: one against three is a solo (the series counts it as
   * the Pflichtsolo) unless the captain says it was a wedding played alone. */
  function quickDeal() {
    const deal = { entry: QUICK };
    if (QUICK === "value") {
      deal.value = quickValue();
      deal.winners = checkedNumbers("winners");
    } else {
      deal.points = quickPoints();
    }
    const lone = lonePlayer(deal);
    if (form.querySelector("[data-quick-alone]")) {
      form.querySelector("[data-quick-alone]").hidden = lone === null;
    }
    if (lone !== null && form.elements.not_solo?.checked) deal.contract = "silent_wedding";
    else if (lone !== null) {
      deal.contract = "solo";
      deal.soloist = lone;
    }
    return deal;
  }

  function quickReady(deal) {
    if (QUICK === "value") return deal.value !== null && (deal.value === 0 || deal.winners.length);
    const wanted = dealSeats ? dealSeats.length : 4;
    return Object.keys(deal.points).length >= wanted;
  }

  function fillQuick(deal) {
    if (deal.entry === "points") {
      form.querySelectorAll("[data-quick-points]").forEach((field) => {
        field.value = deal.points?.[field.dataset.quickPoints] ?? "";
      });
    } else if (form.elements.quick_value_typed) {
      const chip = form.querySelector(`[name="quick_value"][value="${deal.value}"]`);
      setChecked("quick_value", chip ? [deal.value] : []);
      form.elements.quick_value_typed.value = chip ? "" : (deal.value ?? "");
      setChecked("winners", deal.winners || []);
    }
    if (form.elements.not_solo) {
      form.elements.not_solo.checked = ["silent_wedding", "wedding"].includes(deal.contract);
    }
  }

  /* The live zero-sum check beside the points fields. */
  function updateQuick() {
    const output = form.querySelector("[data-zero-sum]");
    if (!output) return;
    const values = Object.values(quickPoints()).filter(Number.isInteger);
    const sum = values.reduce((total, points) => total + points, 0);
    output.textContent = values.length ? text(sum ? "quick_sum" : "quick_sum_ok", { sum }) : "";
    output.dataset.tone = sum ? "bad" : "";
  }

  function quickWorth(score) {
    const quick = score.lines.some((line) => line.code.startsWith("entered_"));
    return quick ? text("breakdown_quick", { value: score.value }) : null;
  }

  function doppelkopfDeal() {
    const contract = value("contract");
    const deal = { contract: contract, re: checkedNumbers("re") };
    if (contract === "solo") deal.solo = value("solo");
    const points = rePoints();
    if (points?.band) deal.re_band = points.band;
    else {
      deal.re_points = points ? points.exact : null;
      if (points?.kontra !== undefined) deal.kontra_points = points.kontra;
    }
    const tricks = chosenNumber("re_tricks");
    if (tricks !== null) deal.re_tricks = tricks;
    deal.announcements = { re: value("ann_re"), kontra: value("ann_kontra") };
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
    const deal = { contract: contract };
    if (contract === "ramsch" || contract === "leaster") {
      deal.ramsch_points = byPlayer("ramsch-points");
      const tricks = byPlayer("ramsch-tricks");
      if (Object.keys(tricks).length) deal.ramsch_tricks = tricks;
      const topTrump = form.querySelector("[data-ramsch-top-trump]");
      if (topTrump && !topTrump.hidden) deal.ramsch_top_trump = chosenNumber("ramsch_top_trump");
    } else {
      deal.declarer = chosenNumber("declarer");
      deal.partner = chosenNumber("partner");
      deal.suit = shown("suit") ? value("suit") : null;
      if (exactPoints()) deal.declarer_points = number("points");
      else deal.declarer_band = value("band");
      const tricks = chosenNumber("declarer_tricks");
      if (tricks !== null) deal.declarer_tricks = tricks;
      deal.laufende = chosenNumber("laufende") || 0;
      if (form.elements.kontra) {
        deal.kontra = chosenNumber("kontra");
        deal.re = chosenNumber("re");
      }
    }
    if (form.elements.knocked) deal.knocked = checkedNumbers("knocked");
    return deal;
  }

  function someRamschPoints(deal) {
    return deal.ramsch_points && Object.keys(deal.ramsch_points).length ? deal.ramsch_points : null;
  }

  function shown(name) {
    const input = form.querySelector(`[name="${name}"]`);
    return Boolean(input) && !input.closest("[hidden]");
  }

  /* Who took the highest trump is asked only of the players level on the most points (after
   * the tricks, where the rule set counts them first): rules/ramsch.py _check_top_trump. */
  function updateTopTrump(contract) {
    const box = form.querySelector("[data-ramsch-top-trump]");
    if (!box) return;
    const level = contract === "ramsch" ? ramschLevel(box.dataset.ramschTopTrump) : [];
    box.hidden = level.length < 2;
    box.querySelectorAll("[data-top-trump-seat]").forEach((chip) => {
      const asked = level.includes(chip.dataset.topTrumpSeat);
      chip.hidden = !asked;
      const input = chip.querySelector("input");
      input.disabled = !asked;
      if (!asked) input.checked = false;
    });
  }

  /* The seats level on the most card points typed so far ([] while that is not known). */
  function ramschLevel(tie) {
    const points = byPlayer("ramsch-points");
    const seats = Object.keys(points);
    if (seats.length < 4 || seats.some((seat) => !Number.isInteger(points[seat]))) return [];
    const most = Math.max(...seats.map((seat) => points[seat]));
    let level = seats.filter((seat) => points[seat] === most);
    if (tie === "tricks_then_trump" && level.length > 1) {
      const tricks = byPlayer("ramsch-tricks");
      if (level.some((seat) => !Number.isInteger(tricks[seat]))) return [];
      const mostTricks = Math.max(...level.map((seat) => tricks[seat]));
      level = level.filter((seat) => tricks[seat] === mostTricks);
    }
    return level;
  }

  /* A Ramsch's figure per playing seat ("ramsch-points" or "ramsch-tricks"), typed ones only. */
  function byPlayer(kind) {
    const key = kind === "ramsch-points" ? "ramschPoints" : "ramschTricks";
    const figures = {};
    form.querySelectorAll(`[data-${kind}]`).forEach((field) => {
      if (field.closest("[hidden]") || field.value.trim() === "") return;
      const parsed = Number(field.value);
      figures[field.dataset[key]] = Number.isInteger(parsed) ? parsed : field.value;
    });
    return figures;
  }

  function fillForm(deal, reason) {
    form.reset();
    setChecked("contract", [deal.contract]);
    if (QUICK || deal.entry) {
      if (QUICK) fillQuick(deal);
    } else if (data.game === "schafkopf") {
      setChecked("declarer", [deal.declarer]);
      setChecked("partner", [deal.partner]);
      setChecked("suit", [deal.suit]);
      const exact = deal.declarer_points !== undefined && deal.declarer_points !== null;
      form.elements.exact.checked = exact;
      setChecked("band", [deal.declarer_band]);
      form.elements.points.value = deal.declarer_points ?? "";
      setChecked("declarer_tricks", [deal.declarer_tricks]);
      setChecked("laufende", [deal.laufende || 0]);
      setChecked("knocked", deal.knocked || []);
      setChecked("kontra", [deal.kontra]);
      setChecked("re", [deal.re]);
      form.querySelectorAll("[data-ramsch-points]").forEach((field) => {
        field.value = deal.ramsch_points?.[field.dataset.ramschPoints] ?? "";
      });
      form.querySelectorAll("[data-ramsch-tricks]").forEach((field) => {
        field.value = deal.ramsch_tricks?.[field.dataset.ramschTricks] ?? "";
      });
      setChecked("ramsch_top_trump", [deal.ramsch_top_trump]);
    } else {
      setChecked("solo", [deal.solo]);
      setChecked("re", deal.re || []);
      reOrder = (deal.re || []).map(String);
      setChecked("points_of", ["re"]);
      form.elements.exact.checked = deal.re_band === undefined || deal.re_band === null;
      setChecked("band", [deal.re_band]);
      form.elements.points.value = deal.re_points ?? "";
      setChecked("re_tricks", [deal.re_tricks]);
      const announcements = deal.announcements || {};
      setChecked("ann_re", [announcements.re]);
      setChecked("ann_kontra", [announcements.kontra]);
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
    forgetPreviews();
    correcting = null;
    editingQueued = null;
    reOrder = [];
    form.reset();
    restoreExact();
    form.querySelectorAll("details").forEach((details) => {
      details.open = false; // each deal starts on one screen
    });
    preview.replaceChildren();
    showErrors([]);
    showNextDeal();
    update();
  }

  function restoreExact() {
    if (!form.elements.exact) return;
    form.elements.exact.checked = localStorage.getItem(EXACT_KEY) === "1";
    rememberExact(form.elements.exact.checked); // a phone that chose before the cookie existed
  }

  /* "Clear" empties the form at once and offers to bring it back, rather than asking first. */
  function clearWithUndo() {
    const kept = {
      deal: buildDeal(),
      reason: form.elements.reason.value,
      correcting,
      editingQueued,
    };
    clearForm();
    setStatus("", "");
    const undo = button(text("undo"), () => {
      correcting = kept.correcting;
      editingQueued = kept.editingQueued;
      fillForm(kept.deal, kept.reason);
      showNextDeal();
      showFeedback([]);
    });
    showFeedback([paragraph(text("cleared"), "cleared"), undo], "info");
  }

  function showFeedback(parts, tone) {
    feedback.replaceChildren(...parts);
    feedback.hidden = parts.length === 0;
    feedback.dataset.tone = tone || "";
  }

  /* Which parts of the form apply: solo types for a solo, tricks where a side has no points. */
  function update() {
    const contract = value("contract");
    form.querySelectorAll("[data-when-contract]").forEach((part) => {
      part.hidden = !part.dataset.whenContract.split(" ").includes(contract);
    });
    form.querySelectorAll("[data-unless-contract]").forEach((part) => {
      part.hidden = part.dataset.unlessContract.split(" ").includes(contract);
    });
    if (QUICK) {
      quickDeal(); // shows the "one against three" choice where it applies
      updateQuick();
    } else if (data.game === "schafkopf") updateSchafkopf(contract);
    else updateDoppelkopf(contract);
    form.querySelector("[data-reason]").hidden = correcting === null;
    schedulePreview();
  }

  /* Tricks where they decide: a Tout or Bettel, or a side without card points. */
  function updateSchafkopf(contract) {
    const exact = exactPoints();
    form.querySelector("[data-exact-field]").hidden = !exact;
    form.querySelectorAll('[name="band"]').forEach((band) => {
      band.closest(".chip").hidden = exact;
    });
    const points = exact ? number("points") : value("band");
    const byTricks = contract?.endsWith("_tout") || contract?.startsWith("bettel");
    const edge = [0, 120, "0", "120"].includes(points);
    const box = form.querySelector("[data-tricks]");
    box.hidden = contract === "ramsch" || contract === "leaster" || !(byTricks || edge);
    updateTopTrump(contract);
    const other = form.querySelector("[data-other-points]");
    const known = exact && Number.isInteger(points) && points >= 0 && points <= 120;
    other.textContent = known ? text("other_side_points", { points: 120 - points }) : "";
    const doublings = form.querySelector("[data-doublings-count]");
    if (doublings) {
      const count = form.querySelectorAll("[data-doublings] input:checked:not(:disabled)").length;
      doublings.textContent = count ? `(${count})` : "";
    }
  }

  function updateDoppelkopf(contract) {
    const exact = exactPoints();
    form.querySelector("[data-bands]").hidden = exact;
    form.querySelector("[data-exact-field]").hidden = !exact;
    const points = rePoints();
    const re = points?.band ?? (Number.isInteger(points?.exact) ? String(points.exact) : null);
    showTricks(re);
    const other = form.querySelector("[data-other-points]");
    other.textContent = otherSide(points);
    updateReParty(contract);
    updateExtras();
  }

  /* Tricks matter only where a party has no card points: then only the counts that fit. */
  function showTricks(reBand) {
    const box = form.querySelector("[data-tricks]");
    const total = Number(box.dataset.tricks);
    const zero = Number(box.dataset.zeroTricks);
    const fits = {
      0: (count) => count <= zero,
      240: (count) => count >= total - zero,
    }[reBand];
    box.hidden = !fits || zero === 0;
    box.querySelectorAll("[data-trick-count]").forEach((chip) => {
      const allowed = Boolean(fits) && fits(Number(chip.dataset.trickCount));
      chip.hidden = !allowed;
      if (!allowed) chip.querySelector("input").checked = false;
    });
  }

  function otherSide(points) {
    if (!points) return "";
    if (points.band) {
      if (value("points_of") !== "kontra") return ""; // the chip says it: Re's band

      const kontra = mirrorBand(points.band).replace("-", "–");
      return text("band_sides", { re: points.band.replace("-", "–"), kontra });
    }
    if (!Number.isInteger(points.exact) || points.exact < 0 || points.exact > 240) return "";
    const counted = points.kontra ?? points.exact;
    return text("other_side_points", { points: 240 - counted });
  }

  /* The Re party's legend says what to tap; a wedding without a partner is scored as a solo. */
  function updateReParty(contract) {
    const legend = form.querySelector("[data-re-legend]");
    const hint = form.querySelector("[data-wedding-hint]");
    const names = { solo: "soloist", silent_wedding: "soloist", wedding: "wedding_players" };
    legend.textContent = text(names[contract] || "re_players");
    const chosen = checkedNumbers("re").length;
    hint.hidden = contract !== "wedding" || chosen === 2;
    hint.textContent = chosen === 1 ? text("wedding_alone") : text("wedding_first");
  }

  function updateExtras() {
    const box = form.querySelector("[data-extras]");
    if (!box) return;
    const alone = value("contract") === "wedding" && checkedNumbers("re").length === 1;
    if (alone) box.hidden = true; // scored as a solo: no extra points
    const count = extras().length;
    box.querySelector("[data-extras-count]").textContent = count ? `(${count})` : "";
  }

  /* One chip of a group at most: a solo's one player, a party's highest announcement. A third
   * Re name replaces the first one tapped, so a slip needs one tap, not two. */
  function onChipTap(event) {
    const input = event.target;
    if (!input.checked) return;
    const single = input.dataset.oneOf || (input.name === "re" && soloLike() ? "re" : null);
    if (single) {
      form.querySelectorAll(`[name="${single}"]`).forEach((other) => {
        if (other !== input) other.checked = false;
      });
    } else if (input.name === "re") {
      keepLastTwo(input);
    }
    if (input.name === "exact") rememberExact(true);
    if (input.name === "quick_value") form.elements.quick_value_typed.value = "";
  }

  /* The cookie lets the server draw the points field as this phone wants it, so the page does
     not jump when the script runs; localStorage stays what the script reads. */
  function rememberExact(exact) {
    localStorage.setItem(EXACT_KEY, exact ? "1" : "0");
    // Where a browser lacks the Cookie Store API the page only jumps once when it loads.
    window.cookieStore
      ?.set({
        name: "karlchen_exact",
        value: exact ? "1" : "0",
        path: "/",
        expires: Date.now() + 3.2e10,
      })
      .catch(() => {});
  }

  function soloLike() {
    return ["solo", "silent_wedding"].includes(value("contract"));
  }

  let reOrder = [];
  function keepLastTwo(input) {
    reOrder = reOrder.filter((seat) => seat !== input.value && isChecked("re", seat));
    reOrder.push(input.value);
    while (checkedNumbers("re").length > 2) {
      const oldest = reOrder.shift();
      form.querySelector(`[name="re"][value="${oldest}"]`).checked = false;
    }
  }

  function isChecked(name, seat) {
    return Boolean(form.querySelector(`[name="${name}"][value="${seat}"]:checked`));
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
          update(); // the solo types show at once, not at the next tap
        }
      }
    }
    dealSeats = seats || null;
    form.querySelectorAll("[data-seat]").forEach((chip) => {
      const plays = !seats || seats.includes(Number(chip.dataset.seat));
      chip.hidden = !plays;
      chip.querySelectorAll("input").forEach((input) => {
        input.disabled = !plays;
        if (!plays) input.checked = false;
      });
    });
    const cancel = form.querySelector("[data-cancel]");
    cancel.hidden = correcting === null && editingQueued === null;
    // The table card says which deal comes next; the title is needed when it cannot.
    const plain = cancel.hidden && !loadQueue().length && seats !== undefined;
    title.classList.toggle("visually-hidden", plain);
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
    const board = document.getElementById("board");
    if (board) board.hidden = queue.length > 0; // the forecast card has the players as worked out
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
    if (next.bock?.points) {
      const values = { points: next.bock.points, left: next.bock.deals_left };
      parts.push(paragraph(text("bock_add", values), "banner bock"));
    } else if (next.bock?.level) {
      const values = { factor: next.bock.factor, left: next.bock.deals_left };
      parts.push(paragraph(text("bock", values), "banner bock"));
    }
    if (next.forced_soloist !== null) {
      const name = data.names[String(next.forced_soloist)];
      parts.push(paragraph(text("forced", { name }), "banner forced"));
    }
    return parts;
  }

  /* The players as now.html shows them: one column each, totals below, solos below that. */
  function forecastPlayers(next, cursor, totals) {
    const table = document.createElement("table");
    table.className = "players board";
    const caption = document.createElement("caption");
    caption.className = "visually-hidden";
    caption.textContent = text("players_caption");
    const positions = Object.keys(data.names).map(Number);
    positions.sort((a, b) => a - b);
    const head = document.createElement("tr");
    const totalsRow = document.createElement("tr");
    totalsRow.className = "totals";
    const solos = document.createElement("tr");
    solos.className = "solos";
    positions.forEach((seat) => {
      const out = next && seat === next.sitting_out;
      head.append(playerHead(seat, next, out));
      totalsRow.append(cell(totals[String(seat)] || 0, `num total${out ? " sitting-out" : ""}`));
      const done = cursor.compulsory_done.includes(seat);
      const mark = document.createElement("span");
      mark.className = done ? "done" : "owed";
      mark.textContent = done
        ? `✓ ${text("column_solo")}`
        : `${text("column_solo")} ${text("solo_open")}`;
      const solo = document.createElement("td");
      solo.append(mark);
      solos.append(solo);
    });
    const thead = document.createElement("thead");
    thead.append(head);
    const body = document.createElement("tbody");
    body.append(totalsRow);
    if (data.series.compulsory_solos) body.append(solos);
    table.append(caption, thead, body);
    return table;
  }

  function playerHead(seat, next, out) {
    const head = document.createElement("th");
    head.scope = "col";
    head.dataset.seat = String(seat);
    head.title = `${seat} ${data.names[String(seat)]}`;
    if (out) head.className = "sitting-out";
    const position = document.createElement("span");
    position.className = "position";
    position.textContent = String(seat);
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = data.short_names[String(seat)] || data.names[String(seat)];
    head.append(position, " ", who);
    if (seat === data.keeper) head.append(" ", tag("✎", text("keeper_tag")));
    if (next && seat === next.dealer) head.append(" ", tag(text("deals_tag"), null));
    return head;
  }

  function tag(content, title) {
    const element = document.createElement("span");
    element.className = "tag";
    element.textContent = content;
    if (title) element.title = title;
    return element;
  }

  function cell(content, className) {
    const element = document.createElement("td");
    element.className = className;
    element.textContent = String(content);
    return element;
  }

  // --- preview and errors ------------------------------------------------------------------

  function schedulePreview() {
    forgetPreviews();
    previewTimer = setTimeout(runPreview, PREVIEW_DELAY_MS);
  }

  /* An answer still on its way is forgotten: the form has changed (or been saved) since, and
     a late answer would paint an earlier deal's breakdown or errors (and scroll to them). */
  function forgetPreviews() {
    clearTimeout(previewTimer);
    previewsAsked += 1;
  }

  async function runPreview() {
    const deal = buildDeal();
    const points = QUICK
      ? quickReady(deal) || null
      : data.game === "schafkopf"
        ? (deal.declarer_points ?? deal.declarer_band ?? someRamschPoints(deal))
        : (deal.re_points ?? deal.re_band);
    if (points === null || points === undefined) {
      preview.replaceChildren();
      showErrors([]);
      return;
    }
    const body = { deal: deal };
    if (correcting) body.number = correcting.number;
    else if (editingQueued === null && !loadQueue().length) body.number = predictedNumber();
    const asked = previewsAsked;
    let answer;
    try {
      answer = await send(data.urls.preview, "POST", body);
    } catch {
      if (asked === previewsAsked) {
        preview.replaceChildren(paragraph(text("preview_offline"), "hint"));
      }
      return;
    }
    if (asked !== previewsAsked) return; // a later tap asked again, or the deal was saved
    if (answer.status === 200) {
      lastPreview = { deal: JSON.stringify(deal), points: answer.body.result.points };
      showFeedback([]); // the next deal's breakdown takes the place of the last one's
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

  /* The first name where it tells the players apart (four fit a line), else the short name. */
  function callName(seat) {
    const first = (position) => data.names[position].split(" ")[0];
    const seats = Object.keys(data.totals);
    const unique = seats.filter((other) => first(other) === first(seat)).length === 1;
    return unique ? first(seat) : data.short_names[seat] || data.names[seat];
  }

  function showBreakdown(result, deal) {
    const score = result.result;
    const heading = document.createElement("h3");
    heading.textContent =
      quickWorth(score) ||
      (score.winner
        ? text("breakdown_winner", { party: data.parties[score.winner], value: score.value })
        : text("breakdown_nobody", { value: score.value }));
    const lines = document.createElement("ul");
    score.lines.forEach((line) => {
      const item = document.createElement("li");
      const sign = line.points > 0 ? "+" : "";
      const party = data.parties[line.party] || line.party;
      const label = data.lines[line.code] || line.code;
      const values = { line: label, points: sign + line.points, party };
      // Most lines are the winner's: the heading names them once, only the others' say whose.
      const own = score.winner !== null && line.party === score.winner;
      item.textContent = text(own ? "breakdown_own_line" : "breakdown_line", values);
      lines.append(item);
    });
    const points = document.createElement("dl");
    points.className = "points";
    Object.entries(score.points).forEach(([seat, value]) => {
      const name = document.createElement("dt");
      name.textContent = callName(seat);
      name.title = data.names[seat];
      const amount = document.createElement("dd");
      amount.textContent = (value > 0 ? "+" : "") + value;
      amount.className = value > 0 ? "plus" : value < 0 ? "minus" : "";
      const pair = document.createElement("div");
      pair.append(name, amount);
      points.append(pair);
    });
    const solo = deal.contract === "solo" && data.solos[deal.solo];
    const kindName = data.kinds[result.kind] || result.kind;
    const parts = [heading];
    if (result.kind !== "normal") {
      parts.push(paragraph(solo ? `${kindName} · ${solo}` : kindName, "kind"));
    }
    preview.replaceChildren(...parts, lines, points);
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

  /* The closest slot the form has for a field; the form's general one for a field it does not
     show (the tournament's results became final, the table was re-seated). */
  function slotFor(field) {
    let best = form.querySelector('[data-error-for~="deal"]');
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
      toNextDeal();
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

  /* The first deal waiting: sent while the captain watches, a refusal shown in the form. While
     it is on its way the queue's timer sends nothing: it would send the same deal a second time
     and then announce a waiting deal sent that never waited. */
  async function sendNow(item) {
    if (flushing) {
      clearForm(); // the queue's round now under way sends it next, in order
      return;
    }
    flushing = true;
    setStatus(text("saving"), "busy");
    try {
      await sendAndShow(item);
    } catch {
      setStatus(text("server_trouble"), "warn"); // never left at "Saving …"
    } finally {
      flushing = false;
    }
  }

  async function sendAndShow(item) {
    let answer;
    try {
      markTried(item.key);
      answer = await request(item);
    } catch (error) {
      clearForm();
      toNextDeal();
      const late = error?.name === "TimeoutError";
      setStatus(text(late ? "server_trouble" : "offline_kept"), "warn");
      return;
    }
    if (isStored(answer)) {
      saveQueue(loadQueue().filter((waiting) => waiting.key !== item.key));
      clearForm();
      setStatus("", "");
      navigator.vibrate?.(60); // felt in a noisy room: it is saved
      toNextDeal();
      await refresh();
      showSaved(answer.body);
      setTimeout(flush, 0); // what else waits, once this save has let go of the queue
    } else if (isRefused(answer)) {
      saveQueue(loadQueue().filter((waiting) => waiting.key !== item.key));
      editingQueued = null;
      showErrors(answer.body.errors || []);
      setStatus("", "");
      showFeedback([paragraph(text("refused"), "")], "error");
      if (answer.status === 409) await refresh();
    } else {
      clearForm();
      setStatus(text("server_trouble"), "warn");
    }
  }

  /* A phone (not the desk) shows the next deal from its top, whether the last one was stored or
     kept to be sent later. */
  function toNextDeal() {
    if (data.token) window.scrollTo({ top: 0 });
  }

  /* Beside the Save button: which deal was stored, what it was worth and the new totals. */
  function showSaved(stored) {
    const score = stored.result;
    const worth =
      quickWorth(score) ||
      (score.winner
        ? text("breakdown_winner", { party: data.parties[score.winner], value: score.value })
        : text("breakdown_nobody", { value: score.value }));
    const title = paragraph(`✓ ${text("saved", { number: stored.number })} ${worth}`, "saved");
    const totals = document.createElement("ul");
    totals.className = "totals";
    totals.setAttribute("aria-label", text("totals_now"));
    Object.keys(data.totals).forEach((seat) => {
      const entry = document.createElement("li");
      const change = score.points[seat];
      const sign = change > 0 ? "+" : "";
      const name = data.short_names[seat] || data.names[seat];
      entry.textContent = `${name} ${data.totals[seat]}`;
      if (change !== undefined) {
        const delta = document.createElement("small");
        delta.textContent = ` (${sign}${change})`;
        delta.className = change > 0 ? "plus" : change < 0 ? "minus" : "";
        entry.append(delta);
      }
      totals.append(entry);
    });
    showFeedback([title, totals], "ok");
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
      ["now", "board", "sheet", "captain-data"].forEach((id) => {
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
    form.addEventListener("input", (event) => {
      form.dataset.touched = "1";
      if (event.target.name === "quick_value_typed") setChecked("quick_value", []);
      update();
    });
    form.querySelectorAll("[data-negate]").forEach((sign) => {
      sign.addEventListener("click", () => {
        const field = document.getElementById(sign.dataset.negate);
        const points = Number(field.value);
        if (field.value.trim() !== "" && Number.isFinite(points)) field.value = String(-points);
        form.dataset.touched = "1";
        update();
      });
    });
    form.addEventListener("change", (event) => {
      if (event.target.name === "exact" && !event.target.checked) rememberExact(false);
      onChipTap(event);
      update();
    });
    form.addEventListener("reset", () => {
      delete form.dataset.touched;
      setTimeout(update, 0);
    });
    form.querySelector("[data-cancel]").addEventListener("click", clearForm);
    form.querySelector("[data-clear]").addEventListener("click", clearWithUndo);
    form.querySelectorAll("[data-reason-choice]").forEach((choice) => {
      choice.addEventListener("click", () => {
        form.elements.reason.value = choice.textContent.trim();
        form.querySelectorAll("[data-reason-choice]").forEach((other) => {
          other.setAttribute("aria-pressed", String(other === choice));
        });
      });
    });
    form.querySelectorAll("[data-step]").forEach((stepper) => {
      stepper.addEventListener("click", () => {
        const field = document.getElementById(stepper.dataset.target);
        const next = (Number(field.value) || 0) + Number(stepper.dataset.step);
        field.value = Math.max(Number(field.min) || 0, Math.min(Number(field.max) || 99, next));
        form.dataset.touched = "1";
        update();
      });
    });
    restoreExact();
    update();
    followSaveBar();
  }

  /* While the form runs on below the screen, the save bar floats at its bottom and carries the
     breakdown's headline (the breakdown itself is then out of sight above it). */
  function followSaveBar() {
    const bar = form.querySelector(".save-bar");
    const worth = bar.querySelector("[data-worth]");
    const end = document.createElement("div");
    bar.after(end);
    new IntersectionObserver(([seen]) => {
      bar.classList.toggle("floating", !seen.isIntersecting);
    }).observe(end);
    new MutationObserver(() => {
      worth.textContent = preview.querySelector("h3")?.textContent || "";
    }).observe(preview, { childList: true, subtree: true, characterData: true });
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
