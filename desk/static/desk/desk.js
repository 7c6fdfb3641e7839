/* The organiser's desk: small helps on server-rendered pages (everything works without them,
 * only less smoothly): rule presets, the door's search and check-in, the live board, jobs. */
(() => {
  "use strict";

  function csrfToken(form) {
    const field = form.querySelector('[name="csrfmiddlewaretoken"]');
    return field ? field.value : "";
  }

  /* --- set-up: the options of the chosen game, filled in from the chosen rule set --------- */
  function setupForm() {
    const form = document.querySelector("[data-presets-form]");
    const presetsData = document.getElementById("desk-presets");
    if (!form || !presetsData) return;
    const presets = JSON.parse(presetsData.textContent);
    const game = form.elements.game;
    const preset = form.elements.preset;
    const prefixes = { doppelkopf: "dk_", schafkopf: "sk_" };

    const deals = form.elements.normal_deals;
    const usualDeals = JSON.parse(deals?.closest("[data-usual-deals]")?.dataset.usualDeals || "{}");

    /* the page's CSS shows only what applies to the form's game (data-game on the form);
     * the rule sets of the other game are not offered */
    function showGame() {
      const before = form.dataset.game;
      form.dataset.game = game.value;
      // the other game's usual number of deals becomes this game's
      if (deals && before !== game.value && deals.value === usualDeals[before]) {
        deals.value = usualDeals[game.value] || deals.value;
      }
      let chosenFits = false;
      Array.from(preset.options).forEach((option) => {
        const fits = !option.dataset.game || option.dataset.game === game.value;
        option.hidden = !fits;
        option.disabled = !fits && !preset.disabled;
        if (fits && option.selected) chosenFits = true;
      });
      if (!chosenFits && !preset.disabled) {
        const first = Array.from(preset.options).find((option) => !option.hidden);
        if (first) preset.value = first.value;
      }
    }

    function fill() {
      const values = presets[preset.value]?.[game.value];
      if (!values) return;
      Object.entries(values).forEach(([name, value]) => {
        const fieldName = prefixes[game.value] + name;
        const inputs = form.querySelectorAll(`[name="${fieldName}"]`);
        inputs.forEach((input) => {
          if (input.type === "radio") input.checked = input.value === String(value);
          else if (input.type !== "checkbox") input.value = value;
          else if (inputs.length > 1) input.checked = value.includes(input.value);
          else input.checked = Boolean(value);
        });
      });
    }

    if (game && !game.disabled) {
      game.addEventListener("change", () => {
        showGame();
        fill();
      });
    }
    if (preset && !preset.disabled) preset.addEventListener("change", fill);
    showGame();
  }

  /* --- the door: search as you type, check in without reloading ---------------------------- */
  function checkIn() {
    const search = document.querySelector("input[data-filter]");
    const rows = () => document.querySelectorAll(search.dataset.filter);
    function count() {
      const slot = document.querySelector("[data-check-count]");
      if (!slot) return;
      const all = document.querySelectorAll("#entry-list tbody tr[data-search]:not(.withdrawn)");
      const here = document.querySelectorAll("#entry-list tbody tr.here:not(.withdrawn)");
      slot.textContent = `${here.length} / ${all.length}`;
    }
    if (search) {
      search.addEventListener("input", () => {
        const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
        rows().forEach((row) => {
          const text = row.dataset.search || "";
          row.hidden = !words.every((word) => text.includes(word));
        });
      });
    }
    document.querySelectorAll("form[data-check-in]").forEach((form) => {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const button = form.querySelector("button");
        const body = new FormData(form);
        body.set("action", button.value);
        button.disabled = true;
        try {
          // getAttribute: form.action would be the button named "action"
          const response = await fetch(form.getAttribute("action"), {
            method: "POST",
            body: body,
            credentials: "same-origin",
            headers: { Accept: "application/json", "X-CSRFToken": csrfToken(form) },
            signal: AbortSignal.timeout(10000), // then the page's own POST, which says what happened
          });
          if (!response.ok) throw new Error(String(response.status));
          const flags = await response.json();
          const row = form.closest("tr");
          row.classList.toggle("here", flags.checked_in);
          button.value = flags.checked_in ? "check_out" : "check_in";
          button.setAttribute("aria-pressed", String(flags.checked_in));
          button.textContent = flags.checked_in
            ? `✔ ${form.dataset.hereText}`
            : form.dataset.checkInText;
          count();
          if (search?.value) {
            search.select();
            search.focus();
          }
        } catch {
          // the server answers with a page that says what happened
          const field = Object.assign(document.createElement("input"), { type: "hidden" });
          Object.assign(field, { name: "action", value: button.value });
          form.append(field);
          form.submit();
        } finally {
          button.disabled = false;
        }
      });
    });
    count();
  }

  /* --- "are you sure?" for buttons that change much ---------------------------------------- */
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-confirm]");
    if (button && button.tagName === "BUTTON" && !window.confirm(button.dataset.confirm)) {
      event.preventDefault();
    }
  });

  /* --- the live board of tables ------------------------------------------------------------ */
  function board() {
    const slot = document.querySelector("[data-board]");
    if (!slot) return;
    const seconds = Number(slot.dataset.pollSeconds) || 10;
    setInterval(async () => {
      if (document.hidden) return;
      try {
        const response = await fetch(slot.dataset.board, { credentials: "same-origin" });
        if (response.ok) slot.innerHTML = await response.text();
      } catch {
        // offline for a moment: the board stays as it was
      }
    }, seconds * 1000);
  }

  /* --- jobs (seating, PDFs): the page reloads once the job has finished -------------------- */
  function jobs() {
    const waiting = document.querySelectorAll("[data-job][data-reload-when-done]");
    if (!waiting.length) return;
    const timer = setInterval(async () => {
      for (const item of waiting) {
        try {
          const response = await fetch(item.dataset.job, {
            credentials: "same-origin",
            headers: { Accept: "application/json" },
          });
          const job = await response.json();
          if (job.status === "done" || job.status === "failed") {
            clearInterval(timer);
            window.location.reload();
            return;
          }
        } catch {
          // try again at the next tick
        }
      }
    }, 1500);
  }

  setupForm();
  checkIn();
  board();
  jobs();
})();
