/* The spectators' ranking links the public profile of each player who agreed to one: a small
 * link after the name, added again whenever the live ranking redraws its rows. */
(() => {
  "use strict";

  const element = document.getElementById("profile-links");
  const table = document.getElementById("ranking");
  if (!element || !table) return;
  const data = JSON.parse(element.textContent);

  function mark() {
    table.querySelectorAll("tbody tr[data-entry]").forEach((tr) => {
      const url = data.links[tr.dataset.entry];
      const name = tr.querySelector("td.name");
      if (!url || !name || name.querySelector("a.profile")) return;
      const link = document.createElement("a");
      link.className = "profile";
      link.href = url;
      link.textContent = data.label;
      link.title = data.title;
      link.style.marginLeft = "0.4em";
      link.style.fontSize = "0.8rem";
      const club = name.querySelector(".club");
      name.insertBefore(link, club);
    });
  }

  mark();
  new MutationObserver(mark).observe(table, { childList: true, subtree: true });
})();
