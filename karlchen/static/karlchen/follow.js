// Pages spectators keep open without a script of their own (a season's ranking, a player's
// season, a league, a cup): every data-follow seconds the page is read again and its main
// part replaced where it changed, so a phone or a beamer follows the evenings without a
// reload. It rests while the page is hidden, looks at once when it is shown again, keeps the
// reader's place (and the rows they opened), and a failed look (offline for a moment) waits for the next one.
(() => {
  const main = document.querySelector("main[data-follow]");
  if (!main) {
    return;
  }
  const seconds = Math.max(Number(main.dataset.follow) || 60, 5);
  let shown = main.innerHTML;
  let looking = false;

  async function look() {
    if (document.hidden || looking) {
      return;
    }
    looking = true;
    try {
      const answer = await fetch(window.location.href, {
        headers: { Accept: "text/html" },
        cache: "no-store",
        credentials: "same-origin",
      });
      if (!answer.ok) {
        return;
      }
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = page.querySelector("main[data-follow]");
      if (fresh && fresh.innerHTML !== shown) {
        const { scrollX, scrollY } = window;
        // a row the reader opened (its other figures, on a phone) stays open
        const open = [...main.querySelectorAll("details[open][id]")].map((details) => details.id);
        main.innerHTML = fresh.innerHTML;
        for (const id of open) {
          document.getElementById(id)?.setAttribute("open", "");
        }
        shown = fresh.innerHTML;
        window.scrollTo(scrollX, scrollY);
      }
    } catch {
      // no answer this time: the next look tries again
    } finally {
      looking = false;
    }
  }

  window.setInterval(look, seconds * 1000);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) {
      look();
    }
  });
})();
