/* The desk's player fields: the people Karlchen knows, offered as a name is typed (WAI-ARIA 1.2
 * combobox with a listbox). Arrow keys move through the offers, Enter picks one, Escape closes
 * the list; a live region says how many were found. Picking fills the form's hidden player id;
 * typing again clears it. Without this script the field is a plain text field and the form asks
 * "Create a new person?" itself (desk/person_forms.py). */
(() => {
  "use strict";

  const WAIT_MS = 180; // after the last key, before asking the server

  function setUp(wrapper) {
    const input = wrapper.querySelector("input[data-person-search]");
    const hidden = wrapper.querySelector("input[data-person-id]");
    // the box the list opens in comes with the page: a field moved while the page still loads
    // came back empty in Chromium, and a name typed in that moment was gone
    const box = wrapper.querySelector(".person-box");
    if (!input || !hidden || !box) return;
    const texts = wrapper.dataset;
    const listbox = document.createElement("ul");
    listbox.id = `${input.id}-options`;
    listbox.className = "person-options";
    listbox.setAttribute("role", "listbox");
    listbox.setAttribute("aria-label", texts.textList);
    listbox.hidden = true;
    const status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    box.append(listbox);
    wrapper.append(status);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listbox.id);
    const hint = document.getElementById(`${input.id}-hint`);
    if (hint) input.setAttribute("aria-describedby", hint.id);

    let results = [];
    let active = -1;
    let timer = null;
    let pending = null;
    let asked = "";

    function optionId(index) {
      return `${listbox.id}-${index}`;
    }

    function details(person) {
      const parts = [];
      if (person.club) parts.push(person.club);
      if (person.member_number) parts.push(`${texts.textNumber} ${person.member_number}`);
      if (person.namesake && person.birth_year)
        parts.push(`${texts.textBorn} ${person.birth_year}`);
      return parts.join(" · ");
    }

    function render() {
      listbox.replaceChildren();
      results.forEach((person, index) => {
        const option = document.createElement("li");
        option.id = optionId(index);
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", index === active ? "true" : "false");
        option.dataset.index = String(index);
        const name = document.createElement("span");
        name.textContent = person.name;
        option.append(name);
        const more = details(person);
        if (more) {
          const small = document.createElement("small");
          small.textContent = more;
          option.append(small);
        }
        listbox.append(option);
      });
    }

    function open() {
      if (!results.length) return close();
      listbox.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }

    function close() {
      listbox.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function move(step) {
      if (!results.length) return;
      if (listbox.hidden) open();
      active = (active + step + results.length) % results.length;
      render();
      input.setAttribute("aria-activedescendant", optionId(active));
      document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    }

    function pick(index) {
      const person = results[index];
      if (!person) return;
      input.value = person.name;
      hidden.value = String(person.id);
      asked = person.name;
      close();
      // the form's own question, if it was asked, is answered by the pick
      wrapper.querySelectorAll(".new-person input").forEach((box) => {
        box.checked = false;
      });
      status.textContent = texts.textPicked.replace("{name}", person.name);
    }

    function announce() {
      if (!results.length) status.textContent = texts.textNone;
      else if (results.length === 1) status.textContent = texts.textOne;
      else status.textContent = texts.textMany.replace("{count}", String(results.length));
    }

    function ask() {
      const typed = input.value.trim();
      if (typed === asked) return;
      asked = typed;
      if (pending) pending.abort();
      if (!typed) {
        results = [];
        close();
        status.textContent = "";
        return;
      }
      pending = new AbortController();
      const url = `${input.dataset.personSearch}?q=${encodeURIComponent(typed)}`;
      fetch(url, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        signal: pending.signal,
      })
        .then((response) => (response.ok ? response.json() : { results: [] }))
        .then((body) => {
          if (input.value.trim() !== typed) return; // typed on meanwhile
          results = body.results || [];
          active = -1;
          render();
          if (document.activeElement === input) open();
          announce();
        })
        .catch((error) => {
          if (error.name !== "AbortError") results = [];
        });
    }

    input.addEventListener("input", () => {
      hidden.value = "";
      clearTimeout(timer);
      timer = setTimeout(ask, WAIT_MS);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        if (event.altKey) open();
        else move(1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        move(-1);
      } else if (event.key === "Enter" && !listbox.hidden && active >= 0) {
        event.preventDefault(); // picks, does not submit
        pick(active);
      } else if (event.key === "Escape" && !listbox.hidden) {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener("blur", () => {
      setTimeout(close, 150); // a click on an option lands first
    });
    listbox.addEventListener("mousedown", (event) => {
      event.preventDefault(); // the field keeps the focus
    });
    listbox.addEventListener("click", (event) => {
      const option = event.target.closest("[role=option]");
      if (option) pick(Number(option.dataset.index));
    });
  }

  document.querySelectorAll("[data-person-pick]").forEach(setUp);
})();
