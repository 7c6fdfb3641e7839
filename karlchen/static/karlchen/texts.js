/* What the pages' scripts share: their translated words. A page hands its script the words in
 * its JSON data (json_script: {"texts": {name: message}}), translated on the server with
 * Django's %(name)s placeholders kept; Karlchen.text picks one and fills them in. Loaded before
 * the page's own script (the captain's page, the spectators' ranking and beamer view). */
((root) => {
  "use strict";

  /* The message `name` of `texts` with each %(key)s replaced by values[key]; the name itself
   * where `texts` has no such message (a missing word shows, it does not break the page). */
  function text(texts, name, values) {
    let message = texts?.[name] || name;
    for (const [key, value] of Object.entries(values || {})) {
      // A function, so that a "$" in a value (a player's name) is taken as it is.
      message = message.replaceAll(`%(${key})s`, () => String(value));
    }
    return message;
  }

  root.Karlchen = { ...root.Karlchen, text };
})(window);
