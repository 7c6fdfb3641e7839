/* The series at one table, as far as the captain's page must follow it without a connection:
 * who deals next, who sits out, whether a Vorführung is due, after deals not yet sent, and the
 * Bock rounds (RULES.md §2.3: which deals start one, the next deal's factor, the Bock deals left).
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
  const NO_BOCK = { level: 0, factor: 1, deals_left: 0, points: 0 };
  const TOTAL_POINTS = 240;
  const LEVELS = [null, "no90", "no60", "no30", "schwarz"]; // index 0 stands for Re or Kontra
  const ABSAGE_LIMITS = { no90: 90, no60: 60, no30: 30, schwarz: null };

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
      bock: bock(settings, cursor),
    };
  }

  /* --- Bock rounds: a port of _bock, bock_factor and _bock_after --- */

  function bockFactor(rules, level) {
    if (rules.mode === "add") return 1;
    if (rules.stacking === "add") return 1 + (rules.multiplier - 1) * level;
    return rules.multiplier ** level;
  }

  /* What a Bock deal of `level` adds to the value where Bock adds points (bock_mode "add"). */
  function bockPoints(rules, level) {
    return rules.mode === "add" ? rules.add_points * level : 0;
  }

  /* The next deal's Bock level and factor, and the Bock deals still to come. */
  function bock(settings, cursor) {
    const rules = settings.bock;
    const rounds = cursor.bock_rounds || [];
    if (!rules || !rounds.length) return { ...NO_BOCK };
    const queued = rules.stacking === "queue";
    const level = queued ? 1 : Math.min(rounds.length, rules.max_level);
    const left = queued ? rounds.reduce((sum, n) => sum + n, 0) : Math.max(...rounds);
    return {
      level: level,
      factor: bockFactor(rules, level),
      deals_left: left,
      points: bockPoints(rules, level),
    };
  }

  function bockPaused(settings, dealKind) {
    const solo = dealKind === "compulsory_solo" || dealKind === "forced_solo";
    return Boolean(settings.bock?.pause_compulsory_solos && solo);
  }

  function bockAfter(settings, cursor, dealKind, deal) {
    const rules = settings.bock;
    if (!rules) return [];
    let rounds = cursor.bock_rounds || [];
    if (rounds.length && !bockPaused(settings, dealKind)) {
      rounds =
        rules.stacking === "queue"
          ? [rounds[0] - 1, ...rounds.slice(1)]
          : rounds.map((left) => left - 1);
      rounds = rounds.filter((left) => left > 0);
    }
    const trigger =
      deal.bock_trigger ?? (deal.entered ? bockTriggers(settings, deal.entered).length > 0 : false);
    return trigger ? [...rounds, rules.length] : rounds;
  }

  /* Re's card points as they score: exact, or the low edge of the band entered ("121-150"). */
  function rePoints(deal) {
    if (typeof deal.re_points === "number") return deal.re_points;
    if (typeof deal.re_band === "string") return Number.parseInt(deal.re_band, 10);
    return null;
  }

  /* Who won a deal as entered (TSR 7.1, rules/doppelkopf.py _winner): "re", "kontra" or null. */
  function winner(settings, deal) {
    const re = rePoints(deal);
    const announced = deal.announcements || {};
    const levels = {
      re: announced.re ? (announced.re === "re" ? 1 : LEVELS.indexOf(announced.re) + 1) : 0,
      kontra: announced.kontra
        ? announced.kontra === "kontra"
          ? 1
          : LEVELS.indexOf(announced.kontra) + 1
        : 0,
    };
    const points = { re: re, kontra: TOTAL_POINTS - re };
    const tricks = settings.tricks || 12;
    const hasTrick =
      deal.re_tricks === null || deal.re_tricks === undefined
        ? { re: re > 0, kontra: re < TOTAL_POINTS }
        : { re: deal.re_tricks > 0, kontra: deal.re_tricks < tricks };
    const other = (party) => (party === "re" ? "kontra" : "re");
    const highest = (party) => LEVELS[Math.max(0, levels[party] - 1)];
    const made = { re: levels.re > 1, kontra: levels.kontra > 1 };
    const under = (party, limit) => (limit === null ? !hasTrick[party] : points[party] < limit);
    for (const party of ["re", "kontra"]) {
      if (made[party] && under(other(party), ABSAGE_LIMITS[highest(party)])) return party;
    }
    if (made.re && made.kontra) return null;
    if (made.re || made.kontra) return made.re ? "kontra" : "re";
    const onlyKontra = levels.re === 0 && levels.kontra === 1;
    return points.re >= (onlyKontra ? 120 : 121) ? "re" : "kontra";
  }

  /* The rule set's Bock triggers a Doppelkopf deal as entered fires (rules/doppelkopf.py). */
  function bockTriggers(settings, deal) {
    const wanted = settings.bock_triggers || [];
    if (!wanted.length || rePoints(deal) === null) return [];
    const won = winner(settings, deal);
    const announced = deal.announcements || {};
    const fired = [];
    if (rePoints(deal) === TOTAL_POINTS / 2) fired.push("tie_120");
    if ((announced.re && won !== "re") || (announced.kontra && won !== "kontra")) {
      fired.push("announced_lost");
    }
    if (announced.re && announced.kontra) fired.push("re_and_kontra");
    if (deal.contract === "solo" && won !== "re") fired.push("solo_lost");
    if ((deal.extras || []).some((extra) => extra.type === "karlchen_caught")) {
      fired.push("karlchen_caught");
    }
    return fired.filter((trigger) => wanted.includes(trigger)).sort();
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
    cursor = { ...cursor, bock_rounds: bockAfter(settings, cursor, dealKind, deal) };
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
   * declared. Every Schafkopf deal counts as normal; its declarer must not be sitting out.
   * A Doppelkopf deal keeps what was entered: `after` works out whether it starts a Bock round
   * (a voided deal, which starts none, is never replayed here: the server knows it). A quick
   * entry as PlayedDeal.of_result reads it. */
  function played(game, deal) {
    if (deal.entry === "value" || deal.entry === "points") {
      // A quick entry (rules/quick.py) names its game and soloist itself; it starts no Bock round.
      const soloist = deal.contract === "solo" ? (deal.soloist ?? null) : null;
      return { soloist: soloist, contract: deal.contract || "normal", bock_trigger: false };
    }
    if (game === "schafkopf") return { soloist: deal.declarer ?? null, contract: deal.contract };
    const re = deal.re || [];
    const soloist = deal.contract === "solo" && re.length ? re[0] : null;
    return { soloist: soloist, contract: deal.contract, entered: deal };
  }

  root.KarlchenSeries = { nextDeal, kind, after, played, bock, bockTriggers, winner };
})(window);
