/* The series at one table, as far as the captain's page must follow it without a connection:
 * who deals next, who sits out, whether a Vorführung is due, after deals not yet sent.
 * A port of the rotation in tournaments/engine/series.py (replay's cursor), checked against it
 * by tests/browser/test_captain.py; the server still decides and refuses every deal itself. */
((root) => {
  "use strict";

  const FIVE_TABLE = 5;
  const NON_SOLO_KINDS = {
    normal: "normal",
    wedding: "wedding",
    silent_wedding: "silent_wedding",
    poverty: "poverty",
  };

  function seats(settings) {
    return Array.from({ length: settings.table_size }, (_, index) => index + 1);
  }

  function leftOf(settings, seat) {
    return (seat % settings.table_size) + 1;
  }

  function firstFromLeft(settings, dealer, candidates) {
    for (let step = 1; step <= settings.table_size; step += 1) {
      const seat = ((dealer + step - 1) % settings.table_size) + 1;
      if (candidates.includes(seat)) return seat;
    }
    return null;
  }

  function owing(settings, cursor) {
    if (!settings.compulsory_solos) return [];
    return seats(settings).filter((seat) => !cursor.compulsory_done.includes(seat));
  }

  /* The next deal after `cursor`, or null once the series is complete. */
  function nextDeal(settings, cursor) {
    const missing = owing(settings, cursor);
    const normalLeft = cursor.normal_limit - cursor.normal_played;
    if (!missing.length && !normalLeft) return null;
    const forced = normalLeft ? null : firstFromLeft(settings, cursor.rotation_dealer, missing);
    let dealer = cursor.rotation_dealer;
    if (settings.table_size === FIVE_TABLE && forced === dealer) dealer = leftOf(settings, dealer);
    const sittingOut = settings.table_size === FIVE_TABLE ? dealer : null;
    return {
      number: cursor.deals_played + 1,
      dealer: dealer,
      sitting_out: sittingOut,
      forced_soloist: forced,
      players: seats(settings).filter((seat) => seat !== sittingOut),
    };
  }

  /* The kind a deal {soloist, contract} gets next, or null where the server will refuse it. */
  function kind(settings, cursor, deal) {
    const upcoming = nextDeal(settings, cursor);
    if (!upcoming) return null;
    if (deal.soloist !== null && deal.soloist === upcoming.sitting_out) return null;
    if (!settings.compulsory_solos) return "normal";
    if (upcoming.forced_soloist !== null) {
      return deal.soloist === upcoming.forced_soloist ? "forced_solo" : null;
    }
    if (deal.soloist === null) return NON_SOLO_KINDS[deal.contract] || null;
    return cursor.compulsory_done.includes(deal.soloist) ? "voluntary_solo" : "compulsory_solo";
  }

  /* The cursor after `deal`, or null where the deal cannot follow (the server says why). */
  function after(settings, cursor, deal) {
    const dealKind = kind(settings, cursor, deal);
    if (dealKind === null) return null;
    const played = cursor.deals_played + 1;
    const done = cursor.compulsory_done;
    if (dealKind === "compulsory_solo") {
      return { ...cursor, deals_played: played, compulsory_done: [...done, deal.soloist] };
    }
    const passedOn = leftOf(settings, cursor.rotation_dealer);
    if (dealKind === "forced_solo") {
      return {
        ...cursor,
        deals_played: played,
        rotation_dealer: passedOn,
        compulsory_done: [...done, deal.soloist],
      };
    }
    return {
      ...cursor,
      deals_played: played,
      rotation_dealer: passedOn,
      normal_played: cursor.normal_played + 1,
    };
  }

  /* The deal as the series sees it (scoring/domain/deals.py played_deal): who soloed or
   * declared. Every Schafkopf deal counts as normal; its declarer must not be sitting out. */
  function played(game, deal) {
    if (game === "schafkopf") return { soloist: deal.declarer ?? null, contract: deal.contract };
    const re = deal.re || [];
    const soloist = deal.contract === "solo" && re.length ? re[0] : null;
    return { soloist: soloist, contract: deal.contract };
  }

  root.KarlchenSeries = { nextDeal, kind, after, played };
})(window);
