/* The category rankings keep themselves current like the players' ranking: every few seconds
 * they ask the API whether they changed (If-None-Match with the last ETag: a 304 costs the
 * server next to nothing) and redraw their tables when they did. */
(() => {
  "use strict";

  const element = document.getElementById("category-rankings-data");
  const container = document.getElementById("category-tables");
  if (!element || !container) return;
  const data = JSON.parse(element.textContent);
  let etag = data.etag;

  function cell(tag, content, className) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(content);
    return node;
  }

  function nameCell(row) {
    const td = cell("td", "", "name");
    if (row.hidden) td.append(cell("em", data.texts.hidden));
    else td.append(row.name);
    if (row.withdrawn) td.append(" ", cell("small", data.texts.withdrawn));
    return td;
  }

  function table(category, index) {
    const id = `category-${index}-title`;
    const heading = cell("h3", category.name);
    heading.id = id;
    const wrapper = cell("div", "", "scroll");
    wrapper.tabIndex = 0;
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("aria-labelledby", id);
    const tableNode = document.createElement("table");
    tableNode.className = "ranking category";
    tableNode.setAttribute("aria-labelledby", id);
    const head = container.querySelector("thead");
    if (head) tableNode.append(head.cloneNode(true));
    const body = document.createElement("tbody");
    for (const row of category.rows) {
      const tr = document.createElement("tr");
      tr.append(cell("td", String(row.rank), "rank"), nameCell(row));
      tr.append(cell("td", row.club || ""), cell("td", String(row.total), "num"));
      tr.append(cell("td", String(row.overall_rank), "num"));
      body.append(tr);
    }
    tableNode.append(body);
    wrapper.append(tableNode);
    return [heading, wrapper];
  }

  function redraw(categories) {
    const shown = categories.filter((category) => category.rows.length > 0);
    const nodes = shown.flatMap((category, index) => table(category, index + 1));
    container.replaceChildren(...nodes);
  }

  async function poll() {
    try {
      const response = await fetch(data.api, {
        headers: { "If-None-Match": etag, Accept: "application/json" },
        credentials: "omit", // the spectators' view, even for a signed-in organiser
      });
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        redraw((await response.json()).categories);
      }
    } catch {
      // offline for a moment: the next poll tries again
    }
    window.setTimeout(poll, data.poll_seconds * 1000);
  }

  window.setTimeout(poll, data.poll_seconds * 1000);
})();
