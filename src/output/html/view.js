// tgn view: the page's script. It lists the games, parses a game's data only when the
// game is opened, and draws each ply's board as SVG with the elements, classes and
// data- attributes of tgn's SVG writer (src/output/svg.rs), so that one reader checks
// both. A game's plies hold only what changed since the ply before: the board at a ply
// is the game replayed up to it, from the nearest board kept on the way. The URL
// fragment #game=G&ply=K (G from 1, K plies from the start) says what is shown;
// stepping keeps it up to date.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const parsed = (id) => JSON.parse($(id).textContent);
  const HEAD = parsed("head");
  const ROWS = [...document.querySelectorAll("script.rows")].flatMap((s) => JSON.parse(s.textContent));
  const boards = new Map();
  const STEP = HEAD.step;
  // A game's board is kept every KEEP plies as it is replayed, to step back from.
  const KEEP = 256;
  const NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 10: "=", 13: "∞", 14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+" };
  const view = { game: 0, ply: 0, data: null };
  const games = new Map();

  function esc(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  // A length to a tenth of a pixel, as the SVG writer rounds it.
  function n(v) {
    return Math.round(v * 10) / 10;
  }
  function player(index) {
    return index === null ? "none" : index === 0 ? "first" : "second";
  }

  // A ply's turn: who is to move, or once the game is over its result (issue 37).
  function turn(toMove) {
    return typeof toMove === "string" ? `data-result="${esc(toMove)}"` : `data-to-move="${player(toMove)}"`;
  }

  // ---- the list of games ----
  function listGames() {
    const rows = ROWS.map((r, i) => {
      const [white, black, event, date, result, valid, game, file, index] = r;
      const cells = [i + 1, white, black, result, valid ? "valid" : "invalid", game || "?", date, event, `${file} #${index}`];
      const classes = ["game", valid ? "valid" : "invalid"];
      const names = ["number", "white", "black", "result", "valid", "id", "date", "event", "file"];
      const tds = cells.map((c, j) => `<td class="${names[j]}">${esc(c)}</td>`).join("");
      return `<tr class="${classes.join(" ")}" data-game="${i + 1}">${tds}</tr>`;
    });
    $("rows").innerHTML = rows.join("");
    $("shown").textContent = `${ROWS.length} games`;
  }

  function filterGames() {
    const words = $("filter").value.toLowerCase().split(/\s+/).filter((w) => w);
    let shown = 0;
    for (const tr of $("rows").children) {
      const text = tr.textContent.toLowerCase();
      const hit = words.every((w) => text.includes(w));
      tr.hidden = !hit;
      shown += hit;
    }
    $("shown").textContent = `${shown} of ${ROWS.length} games`;
  }

  // ---- one game ----
  function gameData(game) {
    if (!games.has(game)) {
      const data = parsed(`game-${game}`);
      if (data.board !== undefined) {
        data.places = boardOf(data.board).places.concat(data.extra);
        data.kept = [];
      }
      games.set(game, data);
    }
    return games.get(game);
  }

  function boardOf(number) {
    if (!boards.has(number)) {
      boards.set(number, parsed(`board-${number}`));
    }
    return boards.get(number);
  }

  function lastPly(data) {
    return data.plies ? data.plies.length - 1 : 0;
  }

  // ---- a ply's board: the game replayed up to it ----
  function copy(state) {
    return { ply: state.ply, pieces: state.pieces.slice(), counts: state.counts.slice(), kinds: state.kinds.slice() };
  }

  // Sets the `place, value` pairs of `changes` in `into` (-1: nothing there).
  function apply(into, changes) {
    for (let i = 0; i < changes.length; i += 2) {
      into[changes[i]] = changes[i + 1];
    }
  }

  // What stands where after `ply` plies: pieces (a style by place), pit counts and
  // kinds, from the state shown last, from a state kept, or from the start.
  function stateAt(data, ply) {
    let state = data.state;
    if (!state || state.ply > ply) {
      const kept = data.kept[Math.min(Math.floor(ply / KEEP), data.kept.length - 1)];
      state = kept ? copy(kept) : { ply: -1, pieces: [], counts: [], kinds: [] };
    }
    while (state.ply < ply) {
      state.ply += 1;
      const [, , pieces, counts, kinds] = data.plies[state.ply];
      apply(state.pieces, pieces);
      apply(state.counts, counts);
      apply(state.kinds, kinds);
      if (state.ply % KEEP === 0 && data.kept.length === state.ply / KEEP) {
        data.kept.push(copy(state));
      }
    }
    data.state = state;
    return state;
  }

  function open(game, ply) {
    if (game < 1 || game > ROWS.length) {
      return;
    }
    if (game !== view.game) {
      view.game = game;
      view.data = gameData(game);
      for (const tr of $("rows").querySelectorAll("tr.selected")) {
        tr.classList.remove("selected");
      }
      const row = $("rows").children[game - 1];
      row.classList.add("selected");
      reveal($("list"), row, $("list").querySelector("thead").offsetHeight);
      $("viewer").hidden = false;
      $("title").textContent = title(game);
      $("notice").textContent = view.data.notice || "";
      $("notice").hidden = !view.data.notice;
      $("moves").innerHTML = moveList(view.data);
    }
    go(ply);
  }

  // Scrolls `box` (not the page) so that `el` shows below its first `top` pixels.
  function reveal(box, el, top) {
    const outer = box.getBoundingClientRect();
    const inner = el.getBoundingClientRect();
    // The box's inside, without its border and scroll bar.
    const first = outer.top + box.clientTop + top;
    const last = outer.top + box.clientTop + box.clientHeight;
    if (inner.top < first) {
      box.scrollTop -= first - inner.top;
    } else if (inner.bottom > last) {
      box.scrollTop += inner.bottom - last;
    }
  }

  function title(game) {
    const [white, black, event, date, result, valid, id] = ROWS[game - 1];
    // Where the game fails: the bad move's ply (one after the position it starts from).
    const error = view.data.errors.find((e) => e.p !== null) || view.data.errors[0];
    const where = error && error.p !== null ? ` at ply ${error.p + 1}` : "";
    const state = valid ? "valid" : error ? `invalid${where}: ${error.m}` : "invalid";
    const parts = [`${white || "?"} – ${black || "?"}`, event, date, result, id, state];
    return `Game ${game}: ${parts.filter((p) => p).join(" · ")}`;
  }

  function go(ply) {
    const data = view.data;
    ply = Math.max(0, Math.min(lastPly(data), ply | 0));
    view.ply = ply;
    $("viewer").dataset.game = view.game;
    $("viewer").dataset.ply = ply;
    $("board").innerHTML = data.board !== undefined ? board(data, ply) : data.notice ? "" : "<p>No board: the game could not be replayed.</p>";
    $("ply").textContent = `ply ${ply} of ${lastPly(data)}`;
    for (const el of $("moves").querySelectorAll(".current")) {
      el.classList.remove("current");
    }
    const current = $("moves").querySelectorAll(`.move[data-ply="${ply}"]:not(.bad)`);
    for (const el of current) {
      el.classList.add("current");
    }
    if (current.length > 0 && ply > 0) {
      reveal($("moves"), current[current.length - 1], 0);
    }
    const errors = data.errors.filter((e) => e.p === null || e.p === ply);
    $("errors").innerHTML = errors
      .map((e) => `<div class="error" data-ply="${e.p === null ? "" : e.p}"><span class="at">line ${e.l}:${e.c}</span> ${esc(e.m)}</div>`)
      .join("");
    const fragment = `#game=${view.game}&ply=${ply}`;
    if (location.hash !== fragment) {
      try {
        history.replaceState(null, "", fragment);
      } catch (e) {
        location.replace(fragment);
      }
    }
  }

  // ---- the moves ----
  function moveList(data) {
    const parts = data.before.map(comment);
    parts.push(line(data.moves, true));
    if (data.result) {
      parts.push(`<span class="result">${esc(data.result)}</span>`);
    }
    parts.push(...data.after.map(comment));
    return parts.join(" ");
  }

  function comment(text) {
    return `<span class="comment">{${esc(text)}}</span>`;
  }

  function line(moves, main) {
    const errorPly = main ? view.data.errors.find((e) => e.p !== null) : undefined;
    return moves
      .map((m) => {
        const parts = [];
        if (m.n) {
          parts.push(`<span class="number">${esc(m.n)}</span>`);
        }
        let attributes = "";
        if (m.p !== undefined) {
          attributes = ` data-ply="${m.p}"`;
        } else if (m.e && errorPly) {
          attributes = ` data-ply="${errorPly.p}" title="${esc(errorPly.m)}"`;
        }
        const nags = (m.g || []).map((g) => `<span class="nag" title="$${g}">${esc(NAGS[g] || "$" + g)}</span>`).join("");
        const bad = m.e ? " bad" : "";
        parts.push(`<span class="move${bad}"${attributes}>${esc(m.t)}${nags}</span>`);
        parts.push(...(m.c || []).map(comment));
        for (const v of m.v || []) {
          const inner = [...v.c.map(comment), line(v.m, false)].join(" ");
          parts.push(`<span class="variation">(${inner})</span>`);
        }
        return parts.join(" ");
      })
      .join(" ");
  }

  // ---- the board, as src/output/svg.rs draws it ----
  function board(data, ply) {
    const b = boardOf(data.board);
    const [toMove, status, , , , marks] = data.plies[ply];
    const state = stateAt(data, ply);
    const lines = data.status[status];
    const width = b.width;
    const height = n(b.height + b.line * lines.length);
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" data-game="${esc(b.game)}" ${turn(toMove)} font-family="${esc(HEAD.font)}">`,
      `<rect class="background" width="${width}" height="${height}" fill="#f3e3c3"/>`,
      b.under,
    ];
    b.pits.forEach((pit, i) => svg.push(pitOf(pit, state.counts[i], data.kinds[state.kinds[i]])));
    const over = [];
    for (let i = 0; i < marks.length; i += 2) {
      const kind = HEAD.marks[marks[i + 1]];
      const drawn = markOf(data.places[marks[i]], kind);
      (HEAD.over.includes(kind) ? over : svg).push(drawn);
    }
    state.pieces.forEach((style, place) => {
      if (style >= 0) {
        svg.push(pieceOf(data.places[place], data.styles[style]));
      }
    });
    svg.push(...over, b.labels);
    const spans = lines.map((text, i) => `<tspan x="${n(STEP * 0.3)}" y="${n(b.top + b.line * (1 + i))}">${esc(text)}</tspan>`);
    svg.push(`<text class="status" font-size="${n(STEP * 0.3)}" fill="#1a1a1a">${spans.join("")}</text>`, "</svg>");
    return svg.join("\n");
  }

  function pitOf([name, x, y, w, h, owner], count, kind) {
    const fill = kind === "pit" ? "#e8cfa0" : "#d9b77e";
    let out = `<g class="pit ${kind}" data-pit="${esc(name)}" data-count="${count}" data-kind="${kind}" data-owner="${owner}"><rect x="${n(x - w / 2)}" y="${n(y - h / 2)}" width="${w}" height="${h}" rx="${n(STEP * 0.3)}" fill="${fill}" stroke="#3b2a1a" stroke-width="2"/><text x="${x}" y="${n(y + STEP * 0.14)}" font-size="${n(STEP * 0.4)}" text-anchor="middle" fill="#1a1a1a">${count}</text></g>`;
    if (kind === "store") {
      out += `\n<text class="store-name" x="${n(x - w / 2 + STEP * 0.15)}" y="${n(y - h / 2 + STEP * 0.3)}" font-size="${n(STEP * 0.22)}" fill="#3b2a1a">${esc(name)}</text>`;
    }
    if (kind === "tuzdyk") {
      out += `\n<text class="tuzdyk-sign" x="${x}" y="${n(y - h / 2 + STEP * 0.3)}" font-size="${n(STEP * 0.25)}" text-anchor="middle" fill="#a0201a">X</text>`;
    }
    return out;
  }

  function markOf([point, x, y], kind) {
    let shape;
    if (kind === "taken") {
      const d = STEP * 0.25;
      shape = `<path d="M${n(x - d)} ${n(y - d)} L${n(x + d)} ${n(y + d)} M${n(x - d)} ${n(y + d)} L${n(x + d)} ${n(y - d)}" stroke="#d0202a" stroke-width="4"/>`;
    } else if (kind === "path") {
      shape = `<circle cx="${x}" cy="${y}" r="${n(STEP * 0.3)}" fill="none" stroke="#2a7ad0" stroke-width="3" stroke-dasharray="4 3"/>`;
    } else if (kind === "from") {
      shape = `<circle cx="${x}" cy="${y}" r="${n(STEP * 0.42)}" fill="none" stroke="#2a7ad0" stroke-width="3"/>`;
    } else if (kind === "sown") {
      shape = `<circle cx="${x}" cy="${y}" r="${n(STEP * 0.45)}" fill="#2a7ad0" fill-opacity="0.35"/>`;
    } else {
      shape = `<circle cx="${x}" cy="${y}" r="${n(STEP * 0.4)}" fill="none" stroke="#2a7ad0" stroke-width="5"/>`;
    }
    return `<g class="mark ${kind}" data-point="${esc(point)}" data-mark="${kind}">${shape}</g>`;
  }

  function pieceOf([point, x, y], [owner, colour, kind, letter]) {
    const [fill, ink] = colour === "light" ? ["#fbf8f0", "#1a1a1a"] : colour === "dark" ? ["#262626", "#f5f5f5"] : ["#c0392b", "#ffffff"];
    let out = `<g class="piece ${colour} ${kind}" data-point="${esc(point)}" data-owner="${owner}" data-colour="${colour}" data-kind="${kind}"><circle cx="${x}" cy="${y}" r="${n(STEP * 0.36)}" fill="${fill}" stroke="#111" stroke-width="2"/>`;
    if (letter) {
      out += `<text x="${x}" y="${n(y + STEP * 0.12)}" font-size="${n(STEP * 0.34)}" font-weight="bold" text-anchor="middle" fill="${ink}">${esc(letter)}</text>`;
    }
    return out + "</g>";
  }

  // ---- the fragment, the keys, the clicks ----
  function fromFragment() {
    const params = new URLSearchParams(location.hash.slice(1));
    const game = parseInt(params.get("game") || "1", 10);
    const ply = parseInt(params.get("ply") || "0", 10);
    if (game !== view.game || ply !== view.ply) {
      open(game, ply);
    }
  }

  function onKey(event) {
    if (!view.data || event.target.tagName === "INPUT" || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const steps = { ArrowRight: view.ply + 1, ArrowLeft: view.ply - 1, Home: 0, End: lastPly(view.data) };
    if (event.key in steps) {
      event.preventDefault();
      go(steps[event.key]);
    }
  }

  listGames();
  $("filter").addEventListener("input", filterGames);
  $("rows").addEventListener("click", (event) => {
    const tr = event.target.closest("tr.game");
    if (tr) {
      open(parseInt(tr.dataset.game, 10), 0);
    }
  });
  $("moves").addEventListener("click", (event) => {
    const move = event.target.closest(".move[data-ply]");
    if (move) {
      go(parseInt(move.dataset.ply, 10));
    }
  });
  $("start").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(view.ply - 1));
  $("forward").addEventListener("click", () => go(view.ply + 1));
  $("end").addEventListener("click", () => go(lastPly(view.data)));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", fromFragment);
  if (ROWS.length > 0) {
    fromFragment();
  }
  // For tests and timings: when the first board was shown, in ms since navigation.
  document.documentElement.dataset.shownAt = Math.round(performance.now());
})();
