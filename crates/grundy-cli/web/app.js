// The page of `grundy serve`: plain JavaScript, no build step, no outside
// resources. The expression box is the source of truth for the position; the
// editors and the play mode only ever rewrite it. Every picture is SVG.
// The JSON API it talks to is docs/web-api.md.
'use strict';

(() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- DOM helpers

  function fill(node, attrs, kids) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.setAttribute('class', v);
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined || kid === false) continue;
      node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return node;
  }
  const el = (tag, attrs, ...kids) => fill(document.createElement(tag), attrs, kids);
  const svg = (tag, attrs, ...kids) => fill(document.createElementNS(SVG_NS, tag), attrs, kids);

  // Makes an SVG shape behave like a button for the keyboard and for screen readers.
  function clickable(node, label, action) {
    node.setAttribute('tabindex', '0');
    node.setAttribute('role', 'button');
    node.setAttribute('aria-label', label);
    node.classList.add('hit');
    node.addEventListener('click', action);
    node.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        action();
      }
    });
    return node;
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // ---------------------------------------------------------------- the API

  // GET a path of docs/web-api.md. Never throws: {ok, status, body}, where an
  // error body is {error, column?, limit?}. A 503 is retried after its Retry-After.
  async function api(path, params) {
    const query = Object.entries(params || {})
      .map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v))
      .join('&');
    const url = query ? path + '?' + query : path;
    for (let attempt = 0; ; attempt++) {
      let res;
      try {
        res = await fetch(url, { headers: { Accept: 'application/json' } });
      } catch (e) {
        return { ok: false, status: 0, body: { error: 'the server did not answer (' + e.message + ')' } };
      }
      if (res.status === 503 && attempt < 3) {
        const wait = Math.min(5, Number(res.headers.get('Retry-After')) || 1);
        await sleep(wait * 1000);
        continue;
      }
      const text = await res.text();
      let body;
      try {
        body = JSON.parse(text);
      } catch (_) {
        body = { error: text || res.statusText };
      }
      if (!res.ok && (typeof body !== 'object' || body === null || !body.error)) {
        body = { error: 'HTTP ' + res.status };
      }
      return { ok: res.ok, status: res.status, body };
    }
  }

  // Shows an API error in `box`; with a column, the text with a caret under it.
  function showError(box, text, body) {
    box.replaceChildren();
    box.hidden = false;
    let message = String(body.error);
    // The CLI's message ends with its own drawing of the text and a caret;
    // the page draws its own below, aligned with the text it sent.
    const lines = message.split('\n');
    if (Number.isInteger(body.column) && lines.length >= 3 && lines[lines.length - 1].trim() === '^') {
      message = lines.slice(0, -2).join('\n');
    }
    if (body.limit) message = 'Limit reached: ' + message;
    box.append(el('p', { class: 'message', 'data-testid': 'error-message' }, message));
    if (Number.isInteger(body.column) && body.column >= 1 && typeof text === 'string') {
      const shown = text.replace(/[\t\n\r]/g, ' ');
      const caret = ' '.repeat(body.column - 1) + '^';
      box.append(el('pre', { class: 'caret', 'data-testid': 'caret' }, shown + '\n' + caret));
    }
  }
  function clearError(box) {
    box.hidden = true;
    box.replaceChildren();
  }

  // ---------------------------------------------------------------- expressions

  // Walks `s` outside string literals, calling visit(char, index, depth).
  function walk(s, visit) {
    let depth = 0;
    let inString = false;
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      if (visit(c, i, depth) === false) return;
    }
  }

  // Splits at `sep` where it stands outside brackets and strings.
  function splitTop(s, sep) {
    const parts = [];
    let start = 0;
    walk(s, (c, i, depth) => {
      if (c === sep && depth === 0) {
        parts.push(s.slice(start, i).trim());
        start = i + 1;
      }
    });
    parts.push(s.slice(start).trim());
    return parts;
  }

  // The index of the bracket closing the one at `open`, or -1.
  function closing(s, open) {
    let found = -1;
    walk(s.slice(open), (c, i, depth) => {
      if (depth === 0 && (c === ')' || c === ']' || c === '}')) {
        found = open + i;
        return false;
      }
      return true;
    });
    return found;
  }

  // `-name[params](args)` as {neg, name, params, args}, or null for anything
  // else (a sum, a value, ...). Params are kept exactly as written.
  function parseCall(text) {
    const s = text.trim();
    const head = /^(-\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*/.exec(s);
    if (!head) return null;
    let i = head[0].length;
    let params = null;
    if (s[i] === '[') {
      const j = closing(s, i);
      if (j < 0) return null;
      params = s.slice(i + 1, j);
      i = j + 1;
      while (s[i] === ' ') i++;
    }
    if (s[i] !== '(') return null;
    const j = closing(s, i);
    if (j !== s.length - 1) return null;
    const inner = s.slice(i + 1, j);
    const args = inner.trim() === '' ? [] : splitTop(inner, ',');
    return { neg: Boolean(head[1]), name: head[2], params, args };
  }

  function formatCall(c) {
    const params = c.params === null ? '' : '[' + c.params + ']';
    return (c.neg ? '-' : '') + c.name + params + '(' + c.args.join(',') + ')';
  }

  function decodeString(arg) {
    if (arg.length < 2 || arg[0] !== '"' || arg[arg.length - 1] !== '"') return null;
    let out = '';
    for (let i = 1; i < arg.length - 1; i++) {
      let c = arg[i];
      if (c === '\\') {
        i++;
        c = arg[i];
        if (c === 'n') c = '\n';
        else if (c === 't') c = '\t';
      } else if (c === '"') {
        return null;
      }
      out += c;
    }
    return out;
  }
  const encodeString = (s) => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
  const isInt = (a) => /^\d+$/.test(a);

  // The game a single-game text is a position of, looking through misere(...):
  // {call, game, rewrap(innerText)} or null.
  function singleGame(text) {
    const call = parseCall(text);
    if (!call) return null;
    if (call.name === 'misere' && call.params === null && call.args.length === 1 && !call.neg) {
      const inner = singleGame(call.args[0]);
      if (!inner) return null;
      return { ...inner, rewrap: (t) => 'misere(' + inner.rewrap(t) + ')' };
    }
    const game = state.byName[call.name];
    if (!game || !game.picture) return null;
    return { call, game, rewrap: (t) => t };
  }

  // The board string of a grid game's call: {index of the argument, rows}.
  // The board is the last quoted argument (turning("1-3","htth") writes its
  // code first).
  function boardOf(call) {
    for (let i = call.args.length - 1; i >= 0; i--) {
      const s = decodeString(call.args[i]);
      if (s !== null) return { index: i, rows: s.split('|') };
    }
    return null;
  }

  function changedCells(fromRows, toRows) {
    const changed = new Set();
    for (let r = 0; r < Math.max(fromRows.length, toRows.length); r++) {
      const a = fromRows[r] || '';
      const b = toRows[r] || '';
      for (let c = 0; c < Math.max(a.length, b.length); c++) {
        if (a[c] !== b[c]) changed.add(r + ',' + c);
      }
    }
    return changed;
  }

  // ---------------------------------------------------------------- state

  const state = {
    games: [],
    byName: {},
    expr: '',
    analysis: null, // {q, body} of the last /api/value answer
    analysisToken: 0,
    componentsToken: 0,
    tab: 'analyse',
    play: null,
    playGen: 0,
    squareSize: 8,
    explored: false,
    tokens: { table: 0, seq: 0, thermo: 0, compare: 0 },
  };

  // ---------------------------------------------------------------- words

  const OUTCOME_WORDS = {
    P: 'P: the player to move loses (the previous player wins)',
    N: 'N: the player to move wins',
    L: 'L: Left wins, whoever starts',
    R: 'R: Right wins, whoever starts',
  };
  const DETAIL_NAMES = {
    nimber: 'Grundy value (nimber)',
    birthday: 'birthday',
    left_stop: 'Left stop',
    right_stop: 'Right stop',
    mean: 'mean',
    temperature: 'temperature',
    remoteness: 'remoteness',
    suspense: 'suspense',
    misere_value: 'misère Grundy value',
    genus: 'genus',
    misere_canonical: 'misère canonical form',
    method: 'decided by',
  };
  const METHOD_WORDS = {
    bouton: "Bouton's theorem (Nim)",
    closed_form: 'a closed form',
    misere_quotient: "the game's misère quotient",
    misere_canonical_forms: 'misère canonical forms',
    search: 'plain search',
    sprague_grundy: 'Sprague–Grundy values',
    compound_theory: 'the theory of the compound',
  };
  // What each expert term means, shown on hover in the expert tab (and
  // only there: the rest of the page says it in plain words).
  const DETAIL_TIPS = {
    nimber: 'The size of the one Nim heap this position is worth: 0 means the player to move loses.',
    birthday: 'How many rounds of building games from simpler ones it takes to make this value.',
    left_stop: 'Where play ends if both play well and Left moves first, counted in free moves.',
    right_stop: 'Where play ends if both play well and Right moves first, counted in free moves.',
    mean: 'The value this game is worth on average, in free moves, when many copies are played.',
    temperature: 'How urgent it is to move here: how much a player gains by moving first.',
    remoteness: 'How many moves the game lasts when the winner hurries and the loser delays.',
    suspense: 'How many moves a game lasts when every part must keep being played.',
    misere_value: 'The Nim heap this position behaves like when whoever moves last loses.',
    genus: 'A list of Nim heaps describing the position in normal and misère play together.',
    misere_canonical: 'The simplest game that plays the same as this one when whoever moves last loses.',
    method: 'Which theorem or search gave the answer.',
  };
  const SHOWN_ELSEWHERE = new Set([
    'game', 'kind', 'play', 'outcome', 'value', 'winning_moves', 'left_moves', 'right_moves',
  ]);

  // ---------------------------------------------------------------- games list

  async function loadGames() {
    const r = await api('/api/games');
    if (!r.ok) {
      $('load-status').textContent = 'Could not load the games: ' + r.body.error;
      return false;
    }
    state.games = r.body;
    for (const g of r.body) state.byName[g.name] = g;
    const select = $('game-select');
    select.replaceChildren(el('option', { value: '' }, '(an expression of your own)'));
    for (const kind of ['impartial', 'partizan']) {
      const group = el('optgroup', { label: kind === 'impartial' ? 'Impartial' : 'Partizan' });
      for (const g of r.body.filter((x) => x.kind === kind)) {
        group.append(el('option', { value: g.name, title: g.summary }, g.name));
      }
      select.append(group);
    }
    const kindOf = (g) => g.picture && g.picture.kind;
    // Pieces, and a few families of positions written with x, y or n.
    $('square-rulesets').replaceChildren(
      ...r.body.filter((g) => g.ruleset && kindOf(g) === 'square').map((g) => el('option', { value: g.name })),
      ...['cutcake', 'nim(x,y)', 'subtraction(x, [1,2], [y])'].map((v) => el('option', { value: v })));
    $('heap-rulesets').replaceChildren(
      ...r.body.filter((g) => g.ruleset && ['heaps', 'pins'].includes(kindOf(g))).map((g) => el('option', { value: g.name })),
      ...['subtraction(n, [1,2], [2,3])', 'cutcake(n,3)'].map((v) => el('option', { value: v })));
    return true;
  }

  function syncGameSelect() {
    const single = singleGame(state.expr) || (state.play && state.play.gameName ? singleGame(state.play.start) : null);
    const name = single ? single.game.name : '';
    $('game-select').value = name;
    const summary = $('game-summary');
    summary.replaceChildren();
    if (single) {
      const g = single.game;
      summary.append(
        el('span', { class: 'kind-badge ' + g.kind }, g.kind),
        ' ', g.summary, '. Example: ', el('code', {}, g.example));
    }
  }

  // ---------------------------------------------------------------- position

  // Makes `q` the position: box, editor, URL, analysis.
  function setExpression(q, opts = {}) {
    q = q.trim();
    if (state.play && !opts.fromPlay && q !== state.play.q) stopPlay();
    state.expr = q;
    if ($('expr').value !== q) $('expr').value = q;
    syncGameSelect();
    if (!opts.keepEditor) renderEditor();
    writeUrl();
    analyse(q);
  }

  let editorTimer = null;
  // Editors call this as the user types: the box changes at once, the rest shortly after.
  function editorChanged(q) {
    $('expr').value = q;
    clearTimeout(editorTimer);
    editorTimer = setTimeout(() => setExpression(q, { keepEditor: true }), 300);
  }

  async function analyse(q) {
    const token = ++state.analysisToken;
    const box = $('analysis');
    box.dataset.state = 'loading';
    box.dataset.q = q;
    if (q === '') {
      box.dataset.state = 'idle';
      return;
    }
    const r = await api('/api/value', { q });
    if (token !== state.analysisToken) return;
    if (!r.ok) {
      box.dataset.state = 'error';
      state.analysis = null;
      showError($('expr-error'), q, r.body);
      $('value').textContent = '–';
      $('outcome').textContent = '–';
      $('play-convention').textContent = '–';
      $('winning-moves').replaceChildren();
      $('explain').replaceChildren();
      $('explain').dataset.state = 'idle';
      $('details-list').replaceChildren();
      $('components').hidden = true;
      updatePlaySetup(null);
      return;
    }
    clearError($('expr-error'));
    state.analysis = { q, body: r.body };
    renderAnalysis(r.body);
    renderExplain(q, r.body, token);
    box.dataset.state = 'ready';
    updatePlaySetup(r.body.kind);
    if (state.play) renderPlay();
    loadComponents(q);
  }

  function renderAnalysis(a) {
    let value = a.value;
    if (value === undefined && a.misere_canonical !== undefined) value = a.misere_canonical + ' (misère canonical form)';
    if (value === undefined && a.genus !== undefined) value = 'genus ' + a.genus;
    $('value').textContent = value === undefined ? '(no value for this kind of game)' : value;
    $('outcome').textContent = OUTCOME_WORDS[a.outcome] || a.outcome;
    $('outcome').dataset.outcome = a.outcome;
    $('play-convention').textContent = a.play === 'misere'
      ? 'misère: whoever cannot move wins'
      : 'normal: whoever cannot move loses';

    const moves = $('winning-moves');
    moves.replaceChildren();
    const lists = a.kind === 'impartial'
      ? [['Winning moves', a.winning_moves || [], null]]
      : [["Left's winning moves (Left moving first)", a.left_moves || [], 'left'],
        ["Right's winning moves (Right moving first)", a.right_moves || [], 'right']];
    for (const [title, list, player] of lists) {
      moves.append(el('h3', { class: player ? 'player-' + player : null }, title));
      if (list.length === 0) {
        moves.append(el('p', { class: 'none', 'data-testid': 'no-winning-move' },
          'None: every move loses (or there is no move).'));
        continue;
      }
      const ul = el('ul', { class: 'moves', 'data-player': player });
      for (const m of list) {
        ul.append(el('li', { 'data-testid': 'winning-move', 'data-player': player },
          el('code', {}, m), ' ',
          el('button', { type: 'button', class: 'small', 'aria-label': 'Go to ' + m, onclick: () => setExpression(m) }, 'go')));
      }
      moves.append(ul);
    }
    if (a.moves_complete === false) {
      moves.append(el('p', { class: 'note' }, 'The list was cut short by the move limit.'));
    }

    const details = $('details-list');
    details.replaceChildren();
    details.append(el('dt', {}, 'kind'), el('dd', {}, a.kind));
    for (const [k, v] of Object.entries(a)) {
      if (SHOWN_ELSEWHERE.has(k) || k === 'moves_complete') continue;
      const shown = k === 'method' && METHOD_WORDS[v]
        ? el('span', {}, METHOD_WORDS[v])
        : el('code', {}, typeof v === 'object' ? JSON.stringify(v) : String(v));
      const term = DETAIL_TIPS[k]
        ? el('abbr', { title: DETAIL_TIPS[k], 'data-testid': 'jargon', tabindex: '0' }, DETAIL_NAMES[k] || k)
        : (DETAIL_NAMES[k] || k);
      details.append(el('dt', {}, term), el('dd', {}, shown));
    }
  }

  // ---------------------------------------------------------------- explain

  // Why a position is won or lost, in words a class follows: for Nim the
  // heaps in binary and each column's count of ones (and in misère play
  // the one change to the rule); for a sum of impartial games each part's
  // value as a Nim heap; for a partizan game who is ahead and by how many
  // free moves. Each winning move is named in words. The jargon stays in
  // the expert tab.
  async function renderExplain(q, a, token) {
    const box = $('explain');
    box.dataset.state = 'loading';
    const says = await movesInWords(q);
    if (token !== state.analysisToken) return;
    const parts = [];
    const single = singleGame(q);
    const heaps = single && single.call.name === 'nim' && !single.call.neg && single.call.args.every(isInt)
      ? single.call.args.map(Number) : null;
    if (heaps && a.kind === 'impartial') {
      parts.push(...(a.play === 'misere' ? misereNimWhy(heaps) : nimWhy(heaps, 'heap')));
    } else if (a.kind === 'impartial' && a.play !== 'misere' && splitTop(q, '+').length > 1) {
      const r = await api('/api/components', { q });
      if (token !== state.analysisToken) return;
      if (r.ok) parts.push(...sumWhy(r.body.components));
    } else if (a.kind === 'partizan' && a.value !== undefined) {
      if (splitTop(q, '+').length > 1) {
        const r = await api('/api/components', { q });
        if (token !== state.analysisToken) return;
        if (r.ok) parts.push(...partizanSumWhy(r.body.components, a.value));
      }
      parts.push(...partizanWhy(a));
    }
    const winning = a.kind === 'impartial'
      ? [['The winning moves', a.winning_moves || [], says.moves]]
      : [["Left's winning moves", a.left_moves || [], says.left], ["Right's winning moves", a.right_moves || [], says.right]];
    for (const [title, list, words] of winning) {
      if (list.length === 0) continue;
      parts.push(el('p', {}, title + ': ',
        ...list.map((m, i) => [i > 0 ? '; ' : '', el('q', { 'data-testid': 'explain-move' }, (words && words[m]) || m)]), '.'));
    }
    box.replaceChildren(el('h3', {}, 'Why'), ...(parts.length ? parts
      : [el('p', {}, OUTCOME_PLAIN[a.outcome] || '')]));
    box.dataset.state = 'ready';
  }

  const OUTCOME_PLAIN = {
    P: 'The player to move loses if the other plays well.',
    N: 'The player to move wins by playing well.',
    L: 'Left wins, whoever starts.',
    R: 'Right wins, whoever starts.',
  };

  // The words of every move of `q`, by the position it reaches: {moves,
  // left, right}, each an object game -> words.
  async function movesInWords(q) {
    const r = await api('/api/options', { q });
    const index = (list) => Object.fromEntries((list || []).map((m) => [m.game, m.says]));
    if (!r.ok) return {};
    return { moves: index(r.body.moves), left: index(r.body.left), right: index(r.body.right) };
  }

  // The heaps written in binary, one column per power of two, with the
  // number of ones in each column: Bouton's rule, said as a class says it.
  function binaryTable(sizes, name) {
    const top = Math.max(1, ...sizes.map((n) => (n > 0 ? Math.floor(Math.log2(n)) + 1 : 1)));
    const powers = Array.from({ length: top }, (_, i) => 2 ** (top - 1 - i));
    const ones = powers.map((p) => sizes.filter((n) => Math.floor(n / p) % 2 === 1).length);
    const table = el('table', { class: 'binary', 'data-testid': 'binary-table' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, name), el('th', { scope: 'col' }, 'counters'),
        ...powers.map((p) => el('th', { scope: 'col' }, p + 's')))),
      el('tbody', {},
        ...sizes.map((n, i) => el('tr', {}, el('th', { scope: 'row' }, `${name} ${i + 1}`), el('td', {}, n),
          ...powers.map((p) => el('td', {}, Math.floor(n / p) % 2)))),
        el('tr', { class: 'parity' }, el('th', { scope: 'row' }, 'ones in the column'), el('td', {}),
          ...ones.map((k) => el('td', { class: k % 2 ? 'odd' : 'even', 'data-parity': k % 2 ? 'odd' : 'even' },
            `${k} (${k % 2 ? 'odd' : 'even'})`)))));
    return { table, powers, ones };
  }

  function nimWhy(sizes, name) {
    const { table, powers, ones } = binaryTable(sizes, name);
    const odd = powers.filter((_, i) => ones[i] % 2 === 1);
    const out = [el('p', {}, `Write each ${name} in binary, one column for each power of two, and count the ones in each column.`), table];
    if (odd.length === 0) {
      out.push(el('p', { 'data-testid': 'explain-rule' },
        'Every column has an even number of ones. Any move changes one ' + name +
        ', so it makes some column odd, and the other player can always make every column even again. ' +
        'So the player to move loses.'));
    } else {
      out.push(el('p', { 'data-testid': 'explain-rule' },
        `The ${odd.map((p) => p + 's').join(' and ')} column${odd.length > 1 ? 's have' : ' has'} an odd number of ones. ` +
        'A winning move makes every column even again; then whatever the other player does, you can do it again, ' +
        'and you take the last counter.'));
    }
    return out;
  }

  function misereNimWhy(heaps) {
    const big = heaps.map((n, i) => [n, i]).filter(([n]) => n >= 2);
    const ones = heaps.filter((n) => n === 1).length;
    const out = [el('p', { 'data-testid': 'explain-misere-rule' },
      'Misère: whoever takes the last counter loses. Play exactly as in ordinary Nim (make every binary column even) ' +
      'with one change: when your move would leave only heaps of one counter, leave an odd number of them, ' +
      'so that your opponent has to take the last one.')];
    if (big.length === 0) {
      out.push(el('p', { 'data-testid': 'explain-rule' },
        `Every heap has one counter, so each move takes one heap. There are ${ones} heap${ones === 1 ? '' : 's'}: ` +
        (ones % 2 === 1 ? 'an odd number, so the player to move takes the last counter in the end and loses.'
          : 'an even number, so the other player takes the last counter in the end: the player to move wins.')));
    } else if (big.length === 1) {
      const [n, i] = big[0];
      out.push(el('p', { 'data-testid': 'explain-rule' },
        `Only heap ${i + 1} (${n} counters) has more than one counter. This is the moment the rule changes: ` +
        `there ${ones === 1 ? 'is 1 other heap' : `are ${ones} other heaps`} of one counter, so take all of heap ${i + 1} ` +
        `or leave one counter in it, whichever leaves an odd number of heaps of one. The player to move wins.`));
    } else {
      out.push(el('p', {}, `${big.length} heaps have more than one counter, so it is too early for the change: play as in ordinary Nim.`));
      out.push(...nimWhy(heaps, 'heap'));
    }
    return out;
  }

  // A sum of impartial games: each part is worth a Nim heap (its value),
  // and the parts combine as Nim heaps do.
  function sumWhy(components) {
    const sizes = [];
    for (const c of components) {
      const v = c.answer && c.answer.nimber;
      if (!Number.isInteger(v)) return [];
      sizes.push(v);
    }
    const list = el('ul', {}, components.map((c, i) => el('li', {},
      `part ${i + 1}, `, el('code', {}, c.game), `, plays like a Nim heap of ${sizes[i]}`)));
    return [el('p', {}, 'Each part of the sum plays like one Nim heap; its size is the part\'s value. ' +
      'The whole is then Nim with these heaps:'), list, ...nimWhy(sizes, 'part')];
  }

  // Who is ahead in a partizan game, in free moves when the value is a number.
  function aheadWords(value, outcome) {
    const number = /^-?\d+(\/\d+)?$/.exec(String(value));
    if (number) {
      const [p, q] = String(value).replace('-', '').split('/');
      const amount = q ? `${p}/${q} of a free move` : `${p} free move${p === '1' ? '' : 's'}`;
      if (String(value) === '0') return 'Neither player is ahead: whoever has to move first runs out of moves first and loses.';
      return (String(value).startsWith('-') ? 'Right' : 'Left') + ` is ahead by ${amount}: ` +
        'that many moves more to spare than the other player, whoever starts.';
    }
    return (OUTCOME_PLAIN[outcome] || '') +
      ' The position is not simply a number of free moves ahead: it matters who moves first.';
  }

  // Where a class reads more about what a value means.
  const READ_MORE = {
    number: ['Numbers as games (Wikipedia)', 'https://en.wikipedia.org/wiki/Surreal_number#Games'],
    hot: ['Hot games (Wikipedia)', 'https://en.wikipedia.org/wiki/Hot_game'],
    small: ['Infinitesimals: up, down and star (Wikipedia)', 'https://en.wikipedia.org/wiki/Up_(game_theory)'],
    general: ['Combinatorial game theory (Wikipedia)', 'https://en.wikipedia.org/wiki/Combinatorial_game_theory'],
  };

  function readMore(kind) {
    const [text, href] = READ_MORE[kind] || READ_MORE.general;
    return el('p', { class: 'read-more' }, 'Read more: ',
      el('a', { href, target: '_blank', rel: 'noopener', 'data-testid': 'explain-link' }, text), '.');
  }

  // Why a partizan position stands as it does, at a class's level: a
  // number is free moves; a hot position rewards moving first (each
  // player's best result moving first, and the middle ground); a tiny one
  // is decided by who moves last.
  function partizanWhy(a) {
    const isNumber = /^-?\d+(\/\d+)?$/.test(String(a.value));
    const props = a.properties || [];
    if (isNumber) return [el('p', { 'data-testid': 'explain-rule' }, aheadWords(a.value, a.outcome)), readMore('number')];
    const temp = String(a.temperature || '0');
    const hot = !temp.startsWith('-') && temp !== '0';
    if (hot) {
      const ls = String(a.left_stop);
      const rs = String(a.right_stop);
      return [el('p', { 'data-testid': 'explain-rule' },
        `This position is hot: each player wants to move first. If Left moves first, play settles at ${ls} ` +
        `(${freeMoves(ls)}); if Right moves first, at ${rs} (${freeMoves(rs)}). ` +
        `On balance it is worth ${a.mean} (${freeMoves(String(a.mean))}), and the gap of ${temp} on either side ` +
        'says how much a move here is worth: play in the hottest part of a game first.'),
      el('p', {}, OUTCOME_PLAIN[a.outcome] || ''), readMore('hot')];
    }
    if (props.includes('infinitesimal')) {
      return [el('p', { 'data-testid': 'explain-rule' },
        'Neither player is ahead by even a fraction of a move, yet the position is not even: the advantage is ' +
        'smaller than any number of moves and decides only who makes the last move. ' + (OUTCOME_PLAIN[a.outcome] || '')),
      readMore('small')];
    }
    return [el('p', { 'data-testid': 'explain-rule' },
      `This position is worth about ${a.mean} (${freeMoves(String(a.mean))}), with a small part besides that ` +
      'decides who makes the last move. ' + (OUTCOME_PLAIN[a.outcome] || '')), readMore('general')];
  }

  // "Left is 3/2 moves ahead" for a number written as the answers write it.
  function freeMoves(x) {
    if (x === '0') return 'neither player ahead';
    const who = x.startsWith('-') ? 'Right' : 'Left';
    const amount = x.replace('-', '');
    return `${who} ${amount} move${amount === '1' ? '' : 's'} ahead`;
  }

  // A partizan sum: each part's value, and that the values add up.
  function partizanSumWhy(components, total) {
    if (!components.every((c) => c.answer && c.answer.value !== undefined)) return [];
    const list = el('ul', {}, components.map((c, i) => el('li', { 'data-testid': 'explain-part' },
      `part ${i + 1}, `, el('code', {}, c.game), ', is worth ', el('code', {}, String(c.answer.value)))));
    return [el('p', {}, 'The game is a sum of separate parts: on each turn a player moves in one part. ' +
      'Each part is worth a value, and the values of the parts add up:'), list,
    el('p', {}, 'together: ', el('code', { 'data-testid': 'explain-total' }, String(total)), '.')];
  }

  async function loadComponents(q) {
    const token = ++state.componentsToken;
    const box = $('components');
    if (splitTop(q, '+').length < 2) {
      box.hidden = true;
      box.dataset.state = 'idle';
      return;
    }
    box.hidden = false;
    box.dataset.state = 'loading';
    const r = await api('/api/components', { q });
    if (token !== state.componentsToken) return;
    const body = $('components-body');
    body.replaceChildren();
    if (!r.ok) {
      box.dataset.state = 'error';
      body.append(el('tr', {}, el('td', { colspan: '3' }, r.body.error)));
      return;
    }
    for (const c of r.body.components) {
      const a = c.answer || {};
      const value = a.value !== undefined ? a.value : (a.misere_canonical || a.genus || '–');
      body.append(el('tr', { 'data-testid': 'component' },
        el('td', {}, el('code', {}, c.game)),
        el('td', {}, el('code', {}, value)),
        el('td', { title: OUTCOME_WORDS[a.outcome] || '' }, a.outcome || '–')));
    }
    box.dataset.state = 'ready';
  }

  // ---------------------------------------------------------------- pictures

  const LOOK_FILL = {
    empty: '#ffffff',
    blocked: '#374151',
    left: '#2563eb',
    right: '#dc2626',
    neutral: '#16a34a',
  };

  // The letter on a piece's disc: F for the fox and G for a goose, the
  // character the board is written with for the rest (L, l, A, B).
  function tokenLetter(cell, ch) {
    const name = cell ? cell.name : '';
    if (/^fox/.test(name)) return 'F';
    if (/^goose/.test(name)) return 'G';
    return ch;
  }

  // The name of column c (from 0) as the moves' words name it: a, b, …, z,
  // then c27, c28, … (the words say r1c27 there).
  const columnName = (c) => (c < 26 ? String.fromCharCode(97 + c) : 'c' + (c + 1));

  // A grid board. opts: cells (the game's cell chars), onCell(r, c), marks:
  // Map "r,c" -> Set of 'sel' | 'cand' | 'hint' | 'last' | 'legal', negated,
  // style: how the game declares its board is drawn — 'cells' (each cell in
  // its owner's colour), 'draughts' (dark and light squares, pieces as
  // discs), 'tokens' (pieces as lettered discs on free cells) or 'coins'
  // (every cell a coin, heads or tails, lettered H or T). Columns are
  // labelled a, b, … and rows 1, 2, … from the top, as the moves' words
  // name cells ("vertical domino on b1–b2").
  function gridSvg(rows, opts) {
    const looks = {};
    for (const c of opts.cells || []) looks[c.char] = c;
    const style = opts.style || 'cells';
    const coins = style === 'coins';
    const cols = Math.max(1, ...rows.map((r) => r.length));
    const size = Math.max(18, Math.min(48, Math.floor(440 / Math.max(cols, rows.length))));
    const pad = 2;
    const label = 16; // the margin of the column letters and row numbers
    const [ox, oy] = [pad + label, pad + label];
    const width = ox + cols * size + pad;
    const height = oy + rows.length * size + pad;
    const root = svg('svg', {
      class: 'board grid-board style-' + style, 'data-testid': 'grid-board', 'data-style': style,
      width, height, viewBox: `0 0 ${width} ${height}`,
      role: 'group', 'aria-label': opts.label || 'board',
    });
    for (let c = 0; c < cols; c++) {
      root.append(svg('text', {
        x: ox + c * size + size / 2, y: pad + label - 4, 'text-anchor': 'middle',
        class: 'grid-label', 'data-testid': 'column-label', 'aria-hidden': 'true',
      }, coins ? String(c + 1) : columnName(c)));
    }
    // A strip of coins is one row, its coins numbered as the words count them.
    for (let r = 0; r < (coins ? 0 : rows.length); r++) {
      root.append(svg('text', {
        x: pad + label - 4, y: oy + r * size + size / 2 + 4, 'text-anchor': 'end',
        class: 'grid-label', 'data-testid': 'row-label', 'aria-hidden': 'true',
      }, String(r + 1)));
    }
    rows.forEach((row, r) => {
      Array.from(row).forEach((ch, c) => {
        const key = r + ',' + c;
        const cell = looks[ch];
        let look = cell ? cell.look : 'unknown';
        if (opts.negated && look === 'left') look = 'right';
        else if (opts.negated && look === 'right') look = 'left';
        const x = ox + c * size;
        const y = oy + r * size;
        const g = svg('g', {});
        const name = cell ? cell.name : 'unknown cell';
        const piece = look !== 'empty' && look !== 'blocked' && look !== 'unknown';
        // Cells drawn as cells take their owner's colour; on a board of
        // discs the square is the board's own (draughts: dark where a piece
        // may stand) and the piece is drawn on it.
        let ground = LOOK_FILL[look] || '#9ca3af';
        if (style === 'draughts' && look !== 'blocked') ground = (r + c) % 2 === 0 ? '#f3e8d2' : '#8b5a2b';
        else if ((style === 'tokens' || style === 'coins') && look !== 'blocked') ground = '#f8fafc';
        const rect = svg('rect', {
          x, y, width: size, height: size,
          fill: ground, stroke: '#9ca3af', 'stroke-width': 1,
          'data-testid': 'cell', 'data-row': r, 'data-col': c, 'data-char': ch, 'data-look': look,
          class: 'cell look-' + look,
        }, svg('title', {}, coins ? `coin ${c + 1}: ${name}` : `${columnName(c)}${r + 1}: ${name} (${ch})`));
        g.append(rect);
        if (style === 'coins' && cell) {
          // A coin, heads gold with an H, tails grey with a T: the letter
          // says it as well as the colour.
          const heads = look !== 'empty';
          g.append(svg('circle', {
            cx: x + size / 2, cy: y + size / 2, r: size * 0.4,
            class: 'coin coin-' + (heads ? 'heads' : 'tails'), 'data-testid': 'coin', 'data-char': ch,
            fill: heads ? '#facc15' : '#d1d5db', stroke: heads ? '#854d0e' : '#4b5563', 'stroke-width': 2,
            'pointer-events': 'none',
          }));
          g.append(svg('text', {
            x: x + size / 2, y: y + size / 2 + size * 0.14, 'text-anchor': 'middle',
            'font-size': Math.round(size * 0.4), fill: heads ? '#422006' : '#1f2937', 'pointer-events': 'none', class: 'cell-char',
          }, heads ? 'H' : 'T'));
        } else if (piece && style !== 'cells') {
          // A disc in the owner's colour with the piece's letter; a
          // slipper (a skier who cannot jump) smaller, with a dashed ring.
          const small = /slipper/.test(name);
          g.append(svg('circle', {
            cx: x + size / 2, cy: y + size / 2, r: size * (small ? 0.3 : 0.38),
            class: 'disc disc-' + look, 'data-testid': 'token', 'data-char': ch,
            fill: LOOK_FILL[look], stroke: '#111827', 'stroke-width': small ? 3 : 1.5,
            'stroke-dasharray': small ? '3 2' : null, 'pointer-events': 'none',
          }));
          g.append(svg('text', {
            x: x + size / 2, y: y + size / 2 + size * 0.14, 'text-anchor': 'middle',
            'font-size': Math.round(size * 0.38), fill: '#fff', 'pointer-events': 'none', class: 'cell-char',
          }, tokenLetter(cell, ch)));
        } else if (piece) {
          g.append(svg('text', {
            x: x + size / 2, y: y + size / 2 + size * 0.14, 'text-anchor': 'middle',
            'font-size': Math.round(size * 0.42), fill: '#fff', 'pointer-events': 'none', class: 'cell-char',
          }, ch));
        }
        const marks = opts.marks && opts.marks.get(key);
        if (marks) {
          for (const m of ['legal', 'last', 'cand', 'hint', 'sel']) {
            if (!marks.has(m)) continue;
            const inset = { legal: 0, last: 3, cand: 2, hint: 5, sel: 1.5 }[m];
            g.append(svg('rect', {
              x: x + inset, y: y + inset, width: size - 2 * inset, height: size - 2 * inset,
              class: 'mark mark-' + m, 'data-mark': m, fill: 'none', 'pointer-events': 'none',
            }));
          }
        }
        if (opts.onCell) clickable(rect, coins ? `coin ${c + 1}: ${name}` : `row ${r + 1}, column ${c + 1}: ${name}`, () => opts.onCell(r, c));
        root.append(g);
      });
    });
    // Played dominoes, outlined in their player's colour and lettered.
    for (const d of opts.placed || []) {
      const r0 = Math.min(d.cells[0][0], d.cells[1][0]);
      const c0 = Math.min(d.cells[0][1], d.cells[1][1]);
      const tall = d.cells[0][1] === d.cells[1][1];
      const x = ox + c0 * size + 3;
      const y = oy + r0 * size + 3;
      const wd = (tall ? 1 : 2) * size - 6;
      const ht = (tall ? 2 : 1) * size - 6;
      const who = d.who;
      const letter = { left: 'L', right: 'R', you: 'Y', computer: 'C' }[who] || '';
      root.append(svg('rect', {
        x, y, width: wd, height: ht, rx: 6, class: 'domino domino-' + who, 'data-testid': 'domino',
        'data-who': who, 'pointer-events': 'none',
      }));
      root.append(svg('text', {
        x: x + wd / 2, y: y + ht / 2 + 5, 'text-anchor': 'middle', class: 'domino-letter', 'pointer-events': 'none',
      }, letter));
    }
    return root;
  }

  const PIECE_LETTER = { queen: 'Q', rook: 'R', bishop: 'B', king: 'K', knight: 'N' };

  // An n×n board, row x and column y, (0,0) top left; the piece on (px, py).
  // opts: onSquare(x, y), marks: Map "x,y" -> Set of 'legal' | 'hint' | 'last'.
  function squareSvg(n, px, py, name, opts) {
    const size = Math.max(12, Math.min(40, Math.floor(400 / n)));
    const margin = 22;
    const w = margin + n * size + 4;
    const root = svg('svg', {
      class: 'board square-board', 'data-testid': 'square-board', width: w, height: w,
      viewBox: `0 0 ${w} ${w}`, role: 'group', 'aria-label': opts.label || `${n}×${n} board`,
    });
    const every = n <= 16 ? 1 : Math.ceil(n / 16);
    for (let i = 0; i < n; i += every) {
      root.append(svg('text', { x: margin + i * size + size / 2, y: 14, class: 'axis-tick', 'text-anchor': 'middle' }, i));
      root.append(svg('text', { x: margin - 5, y: margin + i * size + size / 2 + 4, class: 'axis-tick', 'text-anchor': 'end' }, i));
    }
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        const key = x + ',' + y;
        const rx = margin + y * size;
        const ry = margin + x * size;
        const rect = svg('rect', {
          x: rx, y: ry, width: size, height: size, class: 'square ' + ((x + y) % 2 ? 'dark' : 'light'),
          'data-testid': 'square', 'data-x': x, 'data-y': y,
        }, svg('title', {}, `(${x}, ${y})`));
        const marks = opts.marks && opts.marks.get(key);
        if (marks && marks.size) rect.dataset.marks = [...marks].join(' ');
        root.append(rect);
        if (x === 0 && y === 0) {
          root.append(svg('circle', { cx: rx + size / 2, cy: ry + size / 2, r: size * 0.3, class: 'goal', 'pointer-events': 'none' }));
        }
        if (marks && marks.has('legal')) {
          root.append(svg('circle', { cx: rx + size / 2, cy: ry + size / 2, r: Math.max(2, size * 0.1), class: 'mark-legal-dot', 'pointer-events': 'none' }));
        }
        if (marks && marks.has('last')) {
          root.append(svg('circle', { cx: rx + size / 2, cy: ry + size / 2, r: size * 0.32, class: 'mark-last-piece', 'pointer-events': 'none' }));
        }
        if (marks && marks.has('hint')) {
          root.append(svg('rect', { x: rx + 2, y: ry + 2, width: size - 4, height: size - 4, class: 'mark mark-hint', fill: 'none', 'data-mark': 'hint', 'pointer-events': 'none' }));
        }
        if (opts.onSquare) clickable(rect, `square (${x}, ${y})`, () => opts.onSquare(x, y));
      }
    }
    if (px < n && py < n) {
      const cx = margin + py * size + size / 2;
      const cy = margin + px * size + size / 2;
      root.append(svg('circle', { cx, cy, r: size * 0.38, class: 'piece', 'data-testid': 'piece', 'pointer-events': 'none' }));
      root.append(svg('text', {
        x: cx, y: cy + size * 0.15, 'text-anchor': 'middle', 'font-size': Math.round(size * 0.45),
        class: 'piece-letter', 'pointer-events': 'none',
      }, PIECE_LETTER[name] || 'P'));
    }
    return root;
  }

  // Heaps as stacks of tokens (a bar past 30). opts: onToken(i, k) for "leave k
  // in heap i", marks: Map "i,k" -> Set of 'legal' | 'hint'.
  function heapsSvg(heaps, opts) {
    const token = 13;
    const colW = 40;
    const maxShown = 30;
    const tallest = Math.min(maxShown, Math.max(1, ...heaps.map((h) => (Number.isFinite(h) ? h : maxShown))));
    const h = 24 + tallest * (token + 2) + 20;
    const w = Math.max(60, heaps.length * colW + 10);
    const root = svg('svg', {
      class: 'heaps', 'data-testid': 'heaps-picture', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
      role: 'group', 'aria-label': opts.label || 'heaps',
    });
    const base = h - 20;
    heaps.forEach((size, i) => {
      const x = 8 + i * colW;
      root.append(svg('text', { x: x + colW / 2 - 4, y: h - 5, 'text-anchor': 'middle', class: 'axis-tick' },
        Number.isFinite(size) ? size : '?'));
      if (!Number.isFinite(size) || size > maxShown) {
        root.append(svg('rect', {
          x: x + 2, y: base - tallest * (token + 2), width: colW - 12, height: tallest * (token + 2),
          class: 'heap-bar',
        }, svg('title', {}, `heap ${i + 1}: ${size}`)));
        return;
      }
      const ghost = opts.marks && opts.marks.get(i + ',' + size);
      if (ghost && ghost.has('last') && size < maxShown) {
        // The last move took from here: a dashed outline where its first
        // counter stood.
        root.append(svg('rect', {
          x: x + 2, y: base - (size + 1) * (token + 2), width: colW - 12, height: token, rx: 3,
          class: 'mark-last-take', 'data-testid': 'last-take', 'data-heap': i, fill: 'none', 'pointer-events': 'none',
        }, svg('title', {}, `heap ${i + 1}: the last move took from here`)));
      }
      for (let k = 0; k < size; k++) {
        const y = base - (k + 1) * (token + 2);
        const rect = svg('rect', {
          x: x + 2, y, width: colW - 12, height: token, rx: 3, class: 'token', 'data-testid': 'token',
          'data-heap': i, 'data-k': k,
        }, svg('title', {}, `heap ${i + 1}, token ${k + 1}`));
        const marks = opts.marks && opts.marks.get(i + ',' + k);
        if (marks && marks.has('legal')) rect.classList.add('legal');
        if (marks && marks.has('hint')) rect.classList.add('hint');
        root.append(rect);
        if (opts.onToken) clickable(rect, `heap ${i + 1}: take token ${k + 1} and those above it, leaving ${k}`, () => opts.onToken(i, k));
      }
    });
    return root;
  }

  // Rows of pins (Kayles): a pin per unit, a row per heap. opts: onPins(i,
  // a, b) for "knock down pins a..b of row i" (a click on a pin, or between
  // two neighbours), marks: Map "i,j" -> Set of 'hint' | 'sel'.
  function pinsSvg(rows, opts) {
    const gap = 26;
    const maxShown = 40;
    // The pins the last move knocked down (opts.ghost: Map row -> the
    // places they stood, after the row's pins), drawn as dashed ghosts.
    const ghost = opts.ghost || new Map();
    const reach = rows.map((n, i) => Math.max(n, ...(ghost.get(i) || []).map((j) => j + 1)));
    const longest = Math.min(maxShown, Math.max(1, ...reach));
    const rowH = 56;
    const w = 40 + longest * gap;
    const h = rows.length * rowH + 8;
    const root = svg('svg', {
      class: 'pins', 'data-testid': 'pins-picture', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
      role: 'group', 'aria-label': opts.label || 'rows of pins',
    });
    rows.forEach((n, i) => {
      const y = 8 + i * rowH;
      root.append(svg('text', { x: 4, y: y + 30, class: 'axis-tick' }, rows.length > 1 ? `${i + 1}` : ''));
      if (n > maxShown) {
        root.append(svg('text', { x: 24, y: y + 30, class: 'axis-tick' }, `a row of ${n} pins`));
        return;
      }
      for (let j = 0; j < n; j++) {
        const x = 24 + j * gap;
        const marks = opts.marks && opts.marks.get(i + ',' + j);
        const g = svg('g', { class: 'pin' + (marks ? [...marks].map((m) => ' mark-' + m).join('') : ''),
          'data-testid': 'pin', 'data-row': i, 'data-pin': j });
        g.append(svg('ellipse', { cx: x + 8, cy: y + 12, rx: 5, ry: 6, class: 'pin-head' }));
        g.append(svg('path', { d: `M${x + 3} ${y + 40} Q${x + 2} ${y + 26} ${x + 6} ${y + 17} L${x + 10} ${y + 17} Q${x + 14} ${y + 26} ${x + 13} ${y + 40} Z`, class: 'pin-body' }));
        if (marks && marks.has('hint')) g.append(svg('text', { x: x + 8, y: y + 52, 'text-anchor': 'middle', class: 'pin-mark' }, '★'));
        const hit = svg('rect', { x: x + 1, y: y + 2, width: 14, height: 40, fill: 'transparent', class: 'pin-hit' },
          svg('title', {}, `row ${i + 1}, pin ${j + 1}`));
        g.append(hit);
        if (opts.onPins) clickable(hit, `knock down pin ${j + 1} of row ${i + 1}`, () => opts.onPins(i, j, j));
        root.append(g);
        if (j + 1 < n && opts.onPins) {
          const between = svg('rect', { x: x + 15, y: y + 20, width: gap - 14, height: 22, fill: 'transparent', class: 'pin-gap',
            'data-testid': 'pin-gap', 'data-row': i, 'data-pin': j }, svg('title', {}, `pins ${j + 1} and ${j + 2} of row ${i + 1}`));
          clickable(between, `knock down pins ${j + 1} and ${j + 2} of row ${i + 1}`, () => opts.onPins(i, j, j + 1));
          root.append(between);
        }
      }
      for (const j of ghost.get(i) || []) {
        if (j >= maxShown) continue;
        const x = 24 + j * gap;
        const g = svg('g', { class: 'pin ghost', 'data-testid': 'ghost-pin', 'data-row': i, 'data-pin': j, 'pointer-events': 'none' },
          svg('title', {}, 'knocked down by the last move'));
        g.append(svg('ellipse', { cx: x + 8, cy: y + 12, rx: 5, ry: 6, class: 'pin-head' }));
        g.append(svg('path', { d: `M${x + 3} ${y + 40} Q${x + 2} ${y + 26} ${x + 6} ${y + 17} L${x + 10} ${y + 17} Q${x + 14} ${y + 26} ${x + 13} ${y + 40} Z`, class: 'pin-body' }));
        g.append(svg('text', { x: x + 8, y: y + 52, 'text-anchor': 'middle', class: 'ghost-mark' }, '✕'));
        root.append(g);
      }
    });
    return root;
  }

  // A string of edges from the ground up (Hackenbush), each edge its
  // player's colour with its letter beside it. opts: onEdge(k) to cut edge k
  // (from 0 at the ground), marks: Map "k" -> Set of 'hint' | 'last'.
  function edgesSvg(text, opts) {
    const looks = {};
    for (const c of opts.cells || []) looks[c.char] = c;
    const edges = Array.from(text);
    // The edges the last move cut off (opts.ghost: the string they made,
    // from the cut edge up), drawn dashed above those left.
    const cutOff = opts.ghost ? Array.from(opts.ghost) : [];
    const len = 36;
    const h = 30 + Math.max(1, edges.length + cutOff.length) * len;
    const w = 150;
    const ground = h - 14;
    const root = svg('svg', {
      class: 'edges', 'data-testid': 'edges-picture', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
      role: 'group', 'aria-label': opts.label || 'a string of edges',
    });
    root.append(svg('line', { x1: 10, y1: ground, x2: w - 10, y2: ground, class: 'ground' }));
    root.append(svg('text', { x: w - 12, y: ground + 12, 'text-anchor': 'end', class: 'axis-tick' }, 'ground'));
    edges.forEach((ch, k) => {
      const cell = looks[ch];
      let look = cell ? cell.look : 'unknown';
      if (opts.negated && look === 'left') look = 'right';
      else if (opts.negated && look === 'right') look = 'left';
      const y0 = ground - k * len;
      const y1 = y0 - len + 4;
      const marks = opts.marks && opts.marks.get(String(k));
      const g = svg('g', { class: 'edge look-' + look + (marks ? [...marks].map((m) => ' mark-' + m).join('') : ''),
        'data-testid': 'edge', 'data-k': k, 'data-look': look });
      g.append(svg('line', { x1: 60, y1: y0, x2: 60, y2: y1, class: 'edge-line' }));
      g.append(svg('circle', { cx: 60, cy: y1, r: 4, class: 'edge-node' }));
      g.append(svg('text', { x: 76, y: (y0 + y1) / 2 + 5, class: 'edge-letter' },
        ({ left: 'L blue', right: 'R red', neutral: 'G green' })[look] || ch));
      if (marks && marks.has('hint')) g.append(svg('text', { x: 40, y: (y0 + y1) / 2 + 5, class: 'pin-mark', 'text-anchor': 'end' }, '★'));
      const hit = svg('rect', { x: 48, y: y1, width: 24, height: y0 - y1, fill: 'transparent', class: 'edge-hit' },
        svg('title', {}, `edge ${k + 1} from the ground: ${cell ? cell.name : ch}`));
      g.append(hit);
      if (opts.onEdge) clickable(hit, `cut edge ${k + 1} from the ground (${cell ? cell.name : ch})`, () => opts.onEdge(k));
      root.append(g);
    });
    cutOff.forEach((ch, i) => {
      const k = edges.length + i;
      const cell = looks[ch];
      const look = cell ? cell.look : 'unknown';
      const y0 = ground - k * len;
      const y1 = y0 - len + 4;
      const g = svg('g', { class: 'edge ghost look-' + look, 'data-testid': 'ghost-edge', 'data-k': k, 'pointer-events': 'none' },
        svg('title', {}, i === 0 ? `edge ${k + 1}: cut by the last move` : `edge ${k + 1}: fell with it`));
      g.append(svg('line', { x1: 60, y1: y0, x2: 60, y2: y1, class: 'edge-line' }));
      const named = ({ left: 'L blue', right: 'R red', neutral: 'G green' })[look] || ch;
      g.append(svg('text', { x: 76, y: (y0 + y1) / 2 + 5, class: 'ghost-mark' }, `${i === 0 ? '✂ cut' : 'fell'}: ${named}`));
      root.append(g);
    });
    return root;
  }

  // A position drawn as a graph, as the game reads it (GET /api/picture):
  // vertices on a circle in the order the game numbers them (the ground of
  // Hackenbush along the bottom), each in the colour of its look with its
  // number and, for a coloured one, its letter. opts: click 'vertex' or
  // 'edge', onPick(k) for a click on vertex or edge k, marks: Map "k" -> Set
  // of 'hint' | 'legal'.
  function graphSvg(drawing, opts) {
    const vs = drawing.vertices || [];
    const es = drawing.edges || [];
    const ground = vs.map((v, k) => (v.ground ? k : -1)).filter((k) => k >= 0);
    const free = vs.map((v, k) => (v.ground ? -1 : k)).filter((k) => k >= 0);
    const at = [];
    let w;
    let h;
    if (ground.length) {
      // Hackenbush: layers by distance from the ground, the ground at the
      // bottom, each layer spread across.
      const depth = vs.map(() => -1);
      const queue = [...ground];
      for (const g of ground) depth[g] = 0;
      while (queue.length) {
        const v = queue.shift();
        for (const e of es) {
          for (const [a, b] of [[e.ends[0], e.ends[1]], [e.ends[1], e.ends[0]]]) {
            if (a === v && depth[b] < 0) { depth[b] = depth[v] + 1; queue.push(b); }
          }
        }
      }
      const top = Math.max(1, ...depth);
      const layers = [];
      vs.forEach((v, k) => { const d = v.ground ? 0 : Math.max(1, depth[k]); (layers[d] = layers[d] || []).push(k); });
      const widest = Math.max(1, ...layers.filter(Boolean).map((l) => l.length));
      w = Math.max(160, 80 * widest + 40);
      h = 70 * top + 60;
      layers.forEach((l, d) => {
        if (!l) return;
        l.forEach((k, i) => { at[k] = [(w * (i + 1)) / (l.length + 1), h - 20 - 70 * d]; });
      });
    } else {
      const r = Math.max(60, Math.min(260, free.length * 14));
      w = 2 * r + 80;
      h = 2 * r + 80;
      free.forEach((k, i) => {
        const t = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, free.length);
        at[k] = free.length === 1 ? [w / 2, h / 2] : [w / 2 + r * Math.cos(t), 40 + r + r * Math.sin(t)];
      });
    }
    // Parallel edges bow apart; a loop is drawn as a small circle above.
    const seen = new Map();
    const pathOf = (e) => {
      const [a, b] = e.ends.map((v) => at[v]);
      if (e.ends[0] === e.ends[1]) return `M${a[0]} ${a[1]} C${a[0] - 30} ${a[1] - 50} ${a[0] + 30} ${a[1] - 50} ${a[0]} ${a[1]}`;
      const key = [...e.ends].sort((x, y) => x - y).join(',');
      const n = seen.get(key) || 0;
      seen.set(key, n + 1);
      const bow = n === 0 ? 0 : (n % 2 ? 1 : -1) * Math.ceil(n / 2) * 22;
      const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const [cx, cy] = [mx - ((b[1] - a[1]) / len) * bow, my + ((b[0] - a[0]) / len) * bow];
      return `M${a[0]} ${a[1]} Q${cx} ${cy} ${b[0]} ${b[1]}`;
    };
    const root = svg('svg', {
      class: 'graph', 'data-testid': 'graph-picture', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
      role: 'group', 'aria-label': opts.label || 'a graph',
    });
    if (ground.length) root.append(svg('line', { x1: 10, y1: h - 20, x2: w - 10, y2: h - 20, class: 'ground' }));
    const marksOf = (k) => opts.marks && opts.marks.get(String(k));
    const letter = { left: 'L', right: 'R', neutral: 'G' };
    if (ground.length) {
      es.forEach((e, k) => {
        const [a, b] = e.ends.map((v) => at[v]);
        if (e.look && letter[e.look]) {
          root.append(svg('text', { x: (a[0] + b[0]) / 2 + 8, y: (a[1] + b[1]) / 2 - 4, class: 'graph-label' }, `${k + 1}${letter[e.look]}`));
        }
      });
    }
    es.forEach((e, k) => {
      const [a, b] = e.ends.map((v) => at[v]);
      const d = pathOf(e);
      const marks = opts.click === 'edge' ? marksOf(k) : null;
      const g = svg('g', { class: 'graph-edge look-' + e.look + (marks ? [...marks].map((m) => ' mark-' + m).join('') : ''),
        'data-testid': 'graph-edge', 'data-k': k, 'data-look': e.look });
      g.append(svg('path', { d, class: 'edge-line', fill: 'none' }));
      const name = ground.length ? `${{ left: 'blue', right: 'red', neutral: 'green' }[e.look] || ''} edge ${k + 1}` : `edge ${e.ends[0] + 1}–${e.ends[1] + 1}`;
      if (marks && marks.has('hint')) {
        g.append(svg('text', { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2 - 6, 'text-anchor': 'middle', class: 'pin-mark' }, '★'));
      }
      if (opts.click === 'edge') {
        const hit = svg('path', { d, class: 'graph-edge-hit', fill: 'none', stroke: 'transparent', 'stroke-width': 16 },
          svg('title', {}, name));
        g.append(hit);
        if (opts.onPick) clickable(hit, `${ground.length ? 'cut' : 'take'} the ${name}`, () => opts.onPick(k));
      }
      root.append(g);
    });
    vs.forEach((v, k) => {
      const [x, y] = at[k];
      const marks = opts.click === 'vertex' ? marksOf(k) : null;
      const g = svg('g', { class: 'graph-vertex look-' + v.look + (marks ? [...marks].map((m) => ' mark-' + m).join('') : ''),
        'data-testid': 'graph-vertex', 'data-k': k, 'data-look': v.look });
      if (v.ground) {
        g.append(svg('circle', { cx: x, cy: y, r: 4, class: 'edge-node' }));
        root.append(g);
        return;
      }
      const disc = svg('circle', { cx: x, cy: y, r: 14, class: 'graph-disc', fill: LOOK_FILL[v.look] || '#ffffff' },
        svg('title', {}, `vertex ${k + 1}: ${v.name}`));
      g.append(disc);
      g.append(svg('text', { x, y: y + 5, 'text-anchor': 'middle', class: 'graph-label' + (v.look === 'empty' ? '' : ' on-colour') },
        letter[v.look] ? `${k + 1}${letter[v.look]}` : String(k + 1)));
      if (marks && marks.has('hint')) g.append(svg('text', { x: x + 16, y: y - 10, class: 'pin-mark' }, '★'));
      if (opts.click === 'vertex' && opts.onPick) clickable(disc, `vertex ${k + 1} (${v.name})`, () => opts.onPick(k));
      root.append(g);
    });
    if (vs.length === 0) root.append(svg('text', { x: w / 2, y: h / 2, 'text-anchor': 'middle', class: 'axis-tick' }, 'no vertex left'));
    return root;
  }

  // A position drawn as a figure the game lays out itself (a cake of unit
  // squares and the lines it may be cut along, a row of numbered cards, two
  // bars; GET /api/picture): rectangles, lines and words on a grid of
  // units, drawn as they come. Shapes with a `target` are clickable. opts:
  // onPick(k) for a click on target k, marks: Map "k" -> Set of 'legal' |
  // 'hint' | 'sel' | 'cand' | 'last'.
  function figureSvg(figure, opts) {
    const pad = 12;
    const scale = Math.max(8, Math.min(36, 460 / Math.max(1, figure.width)));
    const w = Math.ceil(figure.width * scale + 2 * pad);
    const h = Math.ceil(figure.height * scale + 2 * pad);
    const X = (u) => pad + u * scale;
    const root = svg('svg', {
      class: 'figure', 'data-testid': 'figure-picture', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
      role: 'group', 'aria-label': opts.label || 'a figure',
    });
    const marksOf = (k) => (k === undefined || !opts.marks ? null : opts.marks.get(String(k)));
    // Rectangles first, then lines over them (the player's own moves on
    // top, so that where Left's and Right's cuts cross a click is the
    // player's), then words: a cut line stays clickable over the cake.
    const order = (x) => ({ rect: 0, line: 1, text: 3 })[x.shape]
      + (x.shape === 'line' && marksOf(x.target) && marksOf(x.target).has('legal') ? 1 : 0);
    const shapes = (figure.shapes || []).slice().sort((a, b) => order(a) - order(b));
    for (const s of shapes) {
      const marks = marksOf(s.target);
      const cls = (marks ? [...marks].map((m) => ' mark-' + m).join('') : '');
      const t = s.target === undefined ? {} : { 'data-target': s.target };
      if (s.shape === 'text') {
        root.append(svg('text', { x: X(s.x), y: X(s.y) + 5, 'text-anchor': 'middle', class: 'fig-text' }, s.text));
        continue;
      }
      const g = svg('g', { class: `fig-${s.shape} look-${s.look}${cls}`, 'data-testid': 'figure-' + s.shape, ...t });
      let hit;
      let mid;
      if (s.shape === 'rect') {
        hit = svg('rect', { x: X(s.x), y: X(s.y), width: s.w * scale, height: s.h * scale, class: 'fig-body' },
          svg('title', {}, s.name));
        g.append(hit);
        mid = [X(s.x + s.w / 2), X(s.y + s.h / 2)];
        if (s.text) {
          g.append(svg('text', { x: mid[0], y: mid[1] + 6, 'text-anchor': 'middle', class: 'fig-label', 'pointer-events': 'none' }, s.text));
        }
      } else {
        const d = { x1: X(s.x), y1: X(s.y), x2: X(s.x + s.w), y2: X(s.y + s.h) };
        g.append(svg('line', { ...d, class: 'fig-line-stroke' }));
        mid = [(d.x1 + d.x2) / 2, (d.y1 + d.y2) / 2];
        if (s.target !== undefined) {
          // A band along the line (not a wide transparent stroke: a
          // straight line has no area of its own to click).
          const t = Math.max(10, scale * 0.45);
          hit = svg('rect', {
            x: Math.min(d.x1, d.x2) - t / 2, y: Math.min(d.y1, d.y2) - t / 2,
            width: Math.abs(d.x2 - d.x1) + t, height: Math.abs(d.y2 - d.y1) + t,
            class: 'fig-hit', fill: 'transparent',
          }, svg('title', {}, s.name));
          g.append(hit);
        }
      }
      // Not colour alone: the hinted move carries a star, the last move a
      // word, a candidate of a click a dot.
      if (marks && (marks.has('hint') || marks.has('sel'))) {
        g.append(svg('text', { x: mid[0], y: mid[1] - 4, 'text-anchor': 'middle', class: 'pin-mark', 'pointer-events': 'none' }, '★'));
      } else if (marks && marks.has('cand')) {
        g.append(svg('circle', { cx: mid[0], cy: mid[1], r: 4, class: 'fig-cand-dot', 'pointer-events': 'none' }));
      }
      if (hit && s.target !== undefined && opts.onPick) clickable(hit, s.name, () => opts.onPick(s.target));
      root.append(g);
    }
    return root;
  }

  // The picture of the component written `text`, from the server (cached):
  // calls draw(part) now or when it arrives, with its `graph` or `figure`.
  const graphCache = new Map();
  function withPart(text, draw) {
    const known = graphCache.get(text);
    if (known && known.part !== undefined) {
      if (known.part) draw(known.part);
      return;
    }
    let entry = known;
    if (!entry) {
      entry = { part: undefined, waiting: [] };
      graphCache.set(text, entry);
      api('/api/picture', { q: text }).then((r) => {
        const part = r.ok && r.body.parts && r.body.parts.length === 1 ? r.body.parts[0] : null;
        entry.part = part && (part.graph || part.figure) ? part : null;
        if (!r.ok) graphCache.delete(text);
        if (graphCache.size > 200) graphCache.delete(graphCache.keys().next().value);
        for (const f of entry.waiting) if (entry.part) f(entry.part);
        entry.waiting = [];
      });
    }
    entry.waiting.push(draw);
  }
  function withGraph(text, draw) {
    withPart(text, (part) => { if (part.graph) draw(part.graph); });
  }
  function withFigure(text, draw) {
    withPart(text, (part) => { if (part.figure) draw(part.figure); });
  }

  // The heap a move replaced and the heaps it left there: {i, parts}, the
  // first heap that fits (as the game's words read it).
  function heapReplaced(from, to) {
    for (let i = 0; i < from.length; i++) {
      const tail = from.length - i - 1;
      if (to.length < i + tail) continue;
      const end = to.length - tail;
      if (from.slice(0, i).every((v, k) => v === to[k]) && from.slice(i + 1).every((v, k) => v === to[end + k])) {
        return { i, parts: to.slice(i, end) };
      }
    }
    return null;
  }

  // A compound (conjunctive(...), selective(...)): its parts drawn side by
  // side as the server reads them (GET /api/picture, cached), each of its
  // sums in a frame of its own. A move may change several parts at once,
  // so they are drawn only, and played from the list of moves.
  const compoundCache = new Map();
  function drawCompound(text, box) {
    const slot = el('div', { class: 'compound', 'data-testid': 'compound-picture' });
    box.append(slot);
    const draw = (body) => {
      if (!body || !body.compound) return;
      const groups = [];
      body.parts.forEach((part, i) => {
        const g = part.group || 0;
        if (!groups[g]) {
          groups[g] = el('div', { class: 'compound-group', 'data-testid': 'compound-group', 'data-group': g },
            el('p', { class: 'part-title' }, `argument ${g + 1}`));
        }
        groups[g].append(partPicture(part.game, i, null));
      });
      slot.replaceChildren(
        el('p', { class: 'help' }, `A ${body.compound.replace(/_/g, ' ')} compound of ${groups.length} sums, each drawn in its frame: pick a move in the list.`),
        ...groups.filter(Boolean));
    };
    if (compoundCache.has(text)) {
      draw(compoundCache.get(text));
      return;
    }
    api('/api/picture', { q: text }).then((r) => {
      if (!r.ok) return;
      compoundCache.set(text, r.body);
      if (compoundCache.size > 50) compoundCache.delete(compoundCache.keys().next().value);
      draw(r.body);
    });
  }

  // ---------------------------------------------------------------- editors

  function renderEditor() {
    const box = $('editor');
    box.replaceChildren();
    if (state.play) {
      renderPlayBoard(box);
      return;
    }
    const single = singleGame(state.expr);
    if (!single) {
      const parts = splitTop(state.expr, '+');
      if (parts.length > 1) {
        box.append(el('p', { class: 'help' },
          'A sum: each component is drawn below; the editors work on a position of one game, so edit a sum in the box. Its components and their values are under Analyse.'));
        parts.forEach((p, i) => box.append(partPicture(p, i, null)));
      } else if (state.expr !== '') {
        box.append(el('p', { class: 'help' }, 'No editor for this expression: edit it in the box.'));
        drawCompound(state.expr, box);
      }
      return;
    }
    const kind = single.game.picture.kind;
    if (kind === 'heaps' || kind === 'pins') box.append(heapsEditor(single));
    else if (kind === 'memory') box.append(memoryEditor(single));
    else if (kind === 'square') box.append(squareEditor(single));
    else if (kind === 'grid' || kind === 'edges') box.append(gridEditor(single));
    else if (kind === 'figure') {
      box.append(el('p', { class: 'help' }, `${cap(single.game.name.replace(/_/g, ' '))} as it is played: edit the position in the box.`));
      const pic = partPicture(state.expr, 0, null);
      pic.querySelector('.part-title').remove();
      box.append(pic);
    } else box.append(el('p', { class: 'help', 'data-testid': 'text-editor' }, `${single.game.name} is written as text only: edit it in the box.`));
  }

  function heapsEditor(single) {
    const call = { ...single.call, args: single.call.args.slice() };
    const wrap = el('div', { id: 'heaps-editor', class: 'editor-box' });
    const inputs = el('div', { class: 'heap-inputs' });
    const pictureBox = el('div', { class: 'picture-box' });
    const ints = () => call.args.filter(isInt).map(Number);
    const pins = single.game.picture.kind === 'pins';
    const redraw = () => pictureBox.replaceChildren(pins
      ? pinsSvg(ints(), { label: 'the rows of pins' })
      : heapsSvg(ints(), { label: 'the heaps' }));
    let n = 0;
    call.args.forEach((a, i) => {
      if (!isInt(a)) {
        inputs.append(el('span', { class: 'fixed-arg', title: 'kept as written' }, el('code', {}, a)));
        return;
      }
      n++;
      const id = 'heap-' + i;
      const input = el('input', {
        id, type: 'number', min: '0', step: '1', value: a, 'data-testid': 'heap', 'data-index': i,
        class: 'heap-input',
      });
      input.addEventListener('input', () => {
        const v = input.value.trim();
        if (!isInt(v)) return;
        call.args[i] = v.replace(/^0+(?=\d)/, '');
        redraw();
        editorChanged(single.rewrap(formatCall(call)));
      });
      inputs.append(el('label', { class: 'heap-field', for: id }, `heap ${n}`, input));
    });
    const allInts = call.args.every(isInt);
    const add = el('button', {
      type: 'button', id: 'heap-add', disabled: !allInts,
      onclick: () => {
        call.args.push(call.args.length ? call.args[call.args.length - 1] : '1');
        setExpression(single.rewrap(formatCall(call)));
      },
    }, 'Add a heap');
    const remove = el('button', {
      type: 'button', id: 'heap-remove', disabled: !allInts || call.args.length <= 1,
      onclick: () => {
        call.args.pop();
        setExpression(single.rewrap(formatCall(call)));
      },
    }, 'Remove the last heap');
    wrap.append(el('h3', {}, 'Heaps'), inputs, el('div', { class: 'row-form' }, add, remove), pictureBox);
    redraw();
    return wrap;
  }

  // One heap and what the last move took (Fibonacci Nim, Mem), drawn as a
  // heap with the last take written under it.
  function memorySvg(n, k, opts) {
    const box = el('div', { class: 'memory-heap', 'data-testid': 'memory-picture' });
    box.append(heapsSvg([n], opts), el('p', { class: 'memory-note', 'data-testid': 'memory-note', 'data-k': k },
      `The last move took ${k}.`));
    return box;
  }

  function memoryEditor(single) {
    const call = { ...single.call, args: single.call.args.slice() };
    const wrap = el('div', { id: 'memory-editor', class: 'editor-box' });
    wrap.append(el('h3', {}, 'Heap'));
    if (call.args.length !== 2 || !call.args.every(isInt)) {
      wrap.append(el('p', { class: 'help' }, 'Write the heap and the last move\'s take as two whole numbers.'));
      return wrap;
    }
    const pictureBox = el('div', { class: 'picture-box' });
    const redraw = () => pictureBox.replaceChildren(memorySvg(Number(call.args[0]), Number(call.args[1]), { label: 'the heap' }));
    const inputs = el('div', { class: 'heap-inputs' });
    [['heap', 'the heap'], ['memory', 'the last move took']].forEach(([id, text], i) => {
      const input = el('input', {
        id: 'memory-' + id, type: 'number', min: '0', step: '1', value: call.args[i], 'data-testid': 'memory-' + id,
        class: 'heap-input',
      });
      input.addEventListener('input', () => {
        const v = input.value.trim();
        if (!isInt(v)) return;
        call.args[i] = v.replace(/^0+(?=\d)/, '');
        redraw();
        editorChanged(single.rewrap(formatCall(call)));
      });
      inputs.append(el('label', { class: 'heap-field', for: 'memory-' + id }, text, input));
    });
    wrap.append(el('p', { class: 'help' }, single.game.summary || ''), inputs, pictureBox);
    redraw();
    return wrap;
  }

  function squareEditor(single) {
    const call = single.call;
    const wrap = el('div', { id: 'square-editor', class: 'editor-box' });
    if (call.args.length !== 2 || !call.args.every(isInt)) {
      wrap.append(el('p', { class: 'help' }, 'A piece is written name(x,y) with two whole numbers.'));
      return wrap;
    }
    const [x, y] = call.args.map(Number);
    // piece[...; N] fixes its board in the params, which are kept as written.
    const fixed = call.params !== null && /;\s*(\d+)\s*$/.exec(call.params);
    let n = fixed ? Number(fixed[1]) : Math.max(state.squareSize, x + 1, y + 1);
    n = Math.min(n, 64);
    const sizeInput = el('input', {
      id: 'square-size', type: 'number', min: '1', max: '64', value: n, disabled: Boolean(fixed),
    });
    sizeInput.addEventListener('change', () => {
      const v = Number(sizeInput.value);
      if (Number.isInteger(v) && v >= 1 && v <= 64) {
        state.squareSize = v;
        renderEditor();
      }
    });
    const place = (px, py) => {
      const c = { ...call, args: [String(px), String(py)] };
      setExpression(single.rewrap(formatCall(c)));
    };
    wrap.append(
      el('h3', {}, 'Board'),
      el('div', { class: 'row-form' },
        el('label', { for: 'square-size' }, 'Board size N'), sizeInput,
        el('span', { class: 'help' }, fixed ? '(set by the piece\'s rule)' : 'click a square to place the piece; it moves toward (0,0), row x, column y')),
      squareSvg(n, x, y, call.name, { onSquare: place, label: 'click a square to place the piece' }));
    if (x >= n || y >= n) wrap.append(el('p', { class: 'note' }, `The piece at (${x}, ${y}) is off this board: make it larger.`));
    return wrap;
  }

  function gridEditor(single) {
    const call = single.call;
    const cells = single.game.picture.cells || [];
    const wrap = el('div', { id: 'grid-editor', class: 'editor-box' });
    const board = boardOf(call);
    if (!board || cells.length === 0) {
      wrap.append(el('p', { class: 'help' }, 'The board is written as one string, rows split by |.'));
      return wrap;
    }
    const chars = cells.map((c) => c.char);
    const blank = (cells.find((c) => c.look === 'empty') || cells[0]).char;
    const write = (rows, focus) => {
      const args = call.args.slice();
      args[board.index] = encodeString(rows.join('|'));
      setExpression(single.rewrap(formatCall({ ...call, args })));
      if (focus) {
        const target = document.querySelector(`#grid-editor rect[data-row="${focus[0]}"][data-col="${focus[1]}"]`);
        if (target) target.focus();
      }
    };
    const rows = board.rows;
    const cycle = (r, c) => {
      const row = Array.from(rows[r]);
      const next = chars[(chars.indexOf(row[c]) + 1) % chars.length];
      row[c] = next;
      write(rows.map((x, i) => (i === r ? row.join('') : x)), [r, c]);
    };
    const width = Math.max(0, ...rows.map((r) => r.length));
    // The picture says whether the board may have several rows (Toads and
    // Frogs, Hackenbush strings, ... are one strip and refuse '|').
    const multiRow = single.game.picture.kind === 'grid' && single.game.picture.rows !== false;
    const button = (id, text, disabled, action) => el('button', { type: 'button', id, disabled, onclick: action }, text);
    const legend = el('ul', { class: 'legend' }, cells.map((c) => el('li', {},
      svg('svg', { width: 14, height: 14, 'aria-hidden': 'true' },
        svg('rect', { width: 14, height: 14, fill: LOOK_FILL[c.look], stroke: '#9ca3af' })),
      ' ', el('code', {}, c.char), ' ', c.name)));
    wrap.append(
      el('h3', {}, 'Board'),
      el('p', { class: 'help' }, 'Click a cell to change it (in the order of the legend).'),
      gridSvg(rows, {
        cells, onCell: cycle, label: 'board: click a cell to change it', negated: call.neg,
        style: single.game.picture.style,
      }),
      legend,
      el('div', { class: 'row-form' },
        multiRow ? button('grid-add-row', 'Add row', false, () => write([...rows, blank.repeat(Math.max(1, width))])) : null,
        multiRow ? button('grid-remove-row', 'Remove row', rows.length <= 1, () => write(rows.slice(0, -1))) : null,
        button('grid-add-col', 'Add column', false, () => write(rows.map((r) => r + blank))),
        button('grid-remove-col', 'Remove column', width <= 1,
          () => write(rows.map((r) => (r.length >= width ? Array.from(r).slice(0, -1).join('') : r))))));
    return wrap;
  }

  // A component drawn read-only (editor of a sum) or, in play, clickable.
  function partPicture(text, index, play) {
    const box = el('div', { class: 'part', 'data-testid': 'part', 'data-part': index });
    box.append(el('p', { class: 'part-title' }, `component ${index + 1}: `, el('code', {}, text)));
    const single = singleGame(text);
    if (!single) return box;
    const kind = single.game.picture.kind;
    const call = single.call;
    const label = `component ${index + 1}`;
    if (kind === 'grid') {
      const board = boardOf(call);
      if (board) {
        box.append(gridSvg(board.rows, {
          cells: single.game.picture.cells, negated: call.neg, label, style: single.game.picture.style,
          onCell: play ? (r, c) => play.onCell(index, r, c) : null,
          placed: play && state.play ? state.play.placed[index] : null,
          marks: play ? play.marks(index) : null,
        }));
      }
    } else if (kind === 'square' && call.args.length === 2 && call.args.every(isInt)) {
      const [x, y] = call.args.map(Number);
      const fixed = call.params !== null && /;\s*(\d+)\s*$/.exec(call.params);
      const n = Math.min(64, fixed ? Number(fixed[1]) : Math.max(state.squareSize, x + 1, y + 1));
      box.append(squareSvg(n, x, y, call.name, {
        label, onSquare: play ? (sx, sy) => play.onSquare(index, sx, sy) : null,
        marks: play ? play.marks(index) : null,
      }));
    } else if (kind === 'edges') {
      const board = boardOf(call);
      if (board && board.rows.length === 1) {
        box.append(edgesSvg(board.rows[0], {
          cells: single.game.picture.cells, negated: call.neg, label,
          onEdge: play ? (k) => play.onEdge(index, k) : null,
          marks: play ? play.marks(index) : null,
          ghost: play ? play.ghost(index, 'edges') : null,
        }));
      }
    } else if (kind === 'graph') {
      const slot = el('div', { class: 'graph-slot', 'data-testid': 'graph-slot' });
      box.append(slot);
      const click = single.game.picture.click;
      withGraph(text, (graph) => slot.replaceChildren(graphSvg(graph, {
        label, click,
        onPick: play ? (k) => play.onGraph(index, k) : null,
        marks: play ? play.marks(index) : null,
      })));
    } else if (kind === 'figure') {
      const slot = el('div', { class: 'figure-slot', 'data-testid': 'figure-slot' });
      box.append(slot);
      withFigure(text, (figure) => slot.replaceChildren(figureSvg(figure, {
        label,
        onPick: play ? (k) => play.onFigure(index, k) : null,
        marks: play ? play.marks(index) : null,
      })));
    } else if (kind === 'memory') {
      if (call.args.length === 2 && call.args.every(isInt)) {
        const [n, k] = call.args.map(Number);
        box.append(memorySvg(n, k, {
          label, onToken: play ? (i, t) => play.onToken(index, i, t) : null,
          marks: play ? play.marks(index) : null,
        }));
      }
    } else if (kind === 'pins') {
      const rows = call.args.filter(isInt).map(Number);
      if (rows.length === call.args.length) {
        box.append(pinsSvg(rows, {
          label, onPins: play ? (i, a, b) => play.onPins(index, i, a, b) : null,
          marks: play ? play.marks(index) : null,
          ghost: play ? play.ghost(index, 'pins') : null,
        }));
      }
    } else if (kind === 'heaps') {
      const heaps = call.args.filter(isInt).map(Number);
      if (heaps.length === call.args.length) {
        box.append(heapsSvg(heaps, {
          label, onToken: play ? (i, k) => play.onToken(index, i, k) : null,
          marks: play ? play.marks(index) : null,
        }));
      }
    }
    return box;
  }

  // ---------------------------------------------------------------- play

  function updatePlaySetup(kind) {
    const side = $('play-side');
    const before = side.value;
    const wanted = kind === 'partizan'
      ? [['left', 'Left (blue)'], ['right', 'Right (red)']]
      : [['first', 'first'], ['second', 'second']];
    if (side.dataset.kind !== (kind || 'impartial')) {
      side.replaceChildren(...wanted.map(([v, t]) => el('option', { value: v }, t)));
      side.dataset.kind = kind || 'impartial';
      if (wanted.some(([v]) => v === before)) side.value = before;
    }
    $('play-side-label').textContent = kind === 'partizan' ? 'You play' : 'You move';
    $('play-first-wrap').hidden = kind !== 'partizan';
    $('play-start').disabled = !kind;
  }

  const isUserTurn = (p) => (p.kind === 'impartial' ? p.turn === 'you' : p.turn === p.side);
  const otherTurn = (p) => ({ you: 'computer', computer: 'you', left: 'right', right: 'left' })[p.turn];
  const computerSide = (p) => (p.side === 'left' ? 'right' : 'left');
  const alive = (gen) => state.play !== null && state.play.gen === gen;
  const cap = (s) => s[0].toUpperCase() + s.slice(1);

  // Who is to move, in words: "you (Left)", "the computer".
  function moverWords(p, turn) {
    if (p.kind === 'impartial') return turn === 'you' ? 'you' : 'the computer';
    return turn === p.side ? `you (${cap(turn)})` : `the computer (${cap(turn)})`;
  }

  function startPlay(opts) {
    const a = state.analysis;
    if (!a || a.q !== state.expr) {
      $('play-help').textContent = 'Evaluate a valid position first.';
      return;
    }
    const kind = a.body.kind;
    const side = opts.side;
    const first = kind === 'partizan' ? opts.first : null;
    let turn = opts.turn;
    if (!turn) {
      if (kind === 'impartial') turn = side === 'first' ? 'you' : 'computer';
      else turn = first;
    }
    state.play = {
      gen: ++state.playGen, q: a.q, kind, side, first, turn,
      misere: a.body.play === 'misere',
      history: [], undo: [], options: null, over: null, error: null, placed: {},
      start: a.q, startTurn: turn, gameName: (singleGame(a.q) || { game: { name: '' } }).game.name,
      selection: new Set(), selectionPart: null, message: '', last: null, thinking: false,
      hint: Boolean(opts.hint) && !state.teacher,
    };
    $('play-area').hidden = false;
    $('play-setup').hidden = true;
    renderEditor();
    renderPlay();
    writeUrl();
    advance();
  }

  function stopPlay() {
    state.play = null;
    state.playGen++;
    $('play-area').hidden = true;
    $('play-setup').hidden = false;
    $('play-area').dataset.state = 'idle';
    renderEditor();
    writeUrl();
  }

  // The moves of the user's side in the current options answer.
  function userOptions(p) {
    if (!p.options) return [];
    if (p.kind === 'impartial') return p.options.moves || [];
    return p.options[p.side] || [];
  }

  // Winning moves of the user from the analysis of the current position.
  function winningForUser(p) {
    // A loopy game's options say themselves what each move leads to (win,
    // loss or draw, by retrograde analysis).
    const mine = userOptions(p);
    if (mine.some((o) => o.leads_to)) return new Set(mine.filter((o) => o.leads_to === 'win').map((o) => o.game));
    const a = state.analysis;
    if (!a || a.q !== p.q) return null;
    const list = p.kind === 'impartial' ? a.body.winning_moves : a.body[p.side + '_moves'];
    return new Set(list || []);
  }

  // Adds to each option what it changes on its component's picture.
  function annotate(options, parts) {
    for (const o of options) {
      if (!parts || o.part === undefined || o.to === undefined) continue;
      const from = singleGame(parts[o.part] || '');
      const to = singleGame(o.to);
      if (!from || !to || from.game.name !== to.game.name) continue;
      const kind = from.game.picture.kind;
      if (kind === 'grid') {
        const a = boardOf(from.call);
        const b = boardOf(to.call);
        if (a && b) o.changed = changedCells(a.rows, b.rows);
        // A coin-turning move is named by its rightmost coin, the one that
        // goes from heads to tails.
        if (o.changed && from.game.picture.style === 'coins') {
          o.end = Math.max(...[...o.changed].map((k) => Number(k.split(',')[1])));
        }
      } else if (kind === 'square' && to.call.args.length === 2 && to.call.args.every(isInt)) {
        o.square = to.call.args.map(Number);
      } else if (kind === 'heaps') {
        o.heap = heapChange(from.call.args, to.call.args);
      } else if (kind === 'memory' && isInt(to.call.args[0] || '')) {
        // The one heap, and what the move leaves in it.
        o.heap = [0, Number(to.call.args[0])];
      } else if (kind === 'edges') {
        const a = boardOf(from.call);
        const b = boardOf(to.call);
        // Cutting edge k leaves the k edges below it.
        if (a && b && a.rows[0].startsWith(b.rows[0]) && b.rows[0].length < a.rows[0].length) o.cut = b.rows[0].length;
      } else if (kind === 'pins' && from.call.args.every(isInt) && to.call.args.every(isInt)) {
        const before = from.call.args.map(Number);
        const r = heapReplaced(before, to.call.args.map(Number));
        if (r) {
          const n = before[r.i];
          const left = r.parts.reduce((a, b) => a + b, 0);
          // The pins knocked down: the first that fits, as the words say it.
          const first = r.parts.length === 2 ? r.parts[0] : 0;
          o.knock = { row: r.i, first, last: first + n - left - 1 };
        }
      }
    }
  }

  // The heap a move changes and what it leaves there, [i, k], when it changes
  // one heap only; an emptied heap may be dropped from the written position.
  function heapChange(from, to) {
    if (to.length === from.length) {
      const diff = [];
      to.forEach((v, i) => { if (v !== from[i]) diff.push(i); });
      if (diff.length === 1 && isInt(to[diff[0]])) return [diff[0], Number(to[diff[0]])];
      return undefined;
    }
    if (to.length === from.length - 1) {
      for (let i = 0; i < from.length; i++) {
        const rest = from.slice(0, i).concat(from.slice(i + 1));
        if (rest.every((v, j) => v === to[j])) return [i, 0];
      }
    }
    return undefined;
  }

  // How many times the position now on the board, with the same player to
  // move, has stood there in this game (the start included).
  function repetitions(p) {
    const now = p.turn + '\u0000' + p.q;
    let seen = p.startTurn + '\u0000' + p.start === now ? 1 : 0;
    for (const h of p.history) if (h.after + '\u0000' + h.game === now) seen++;
    return seen;
  }

  async function advance() {
    const p = state.play;
    if (!p || p.over) return;
    // A loopy game (Fox and Geese) can go on for ever: a position back for
    // the third time with the same player to move ends the game as a draw.
    if (repetitions(p) >= 3) {
      p.over = {
        winner: 'draw',
        why: 'The same position came back a third time with the same player to move: play can go on for ever, so the game is a draw.',
      };
      renderPlay();
      writeUrl();
      return;
    }
    const gen = p.gen;
    p.options = null;
    p.error = null;
    p.preview = null;
    p.selection = new Set();
    p.message = '';
    p.choice = null;
    if (isUserTurn(p)) {
      renderPlay();
      const r = await api('/api/options', { q: p.q });
      if (!alive(gen)) return;
      if (!r.ok) {
        p.error = r.body;
        renderPlay();
        return;
      }
      p.options = r.body;
      const mine = userOptions(p);
      annotate(mine, r.body.parts);
      if (mine.length === 0) {
        finish(p, p.turn);
        return;
      }
      renderPlay();
      return;
    }
    p.thinking = true;
    renderPlay();
    const params = { q: p.q };
    if (p.kind === 'partizan') params.player = computerSide(p);
    const [r] = await Promise.all([api('/api/move', params), sleep(250)]);
    if (!alive(gen)) return;
    p.thinking = false;
    if (!r.ok) {
      p.error = r.body;
      renderPlay();
      return;
    }
    if (r.body.move === null || r.body.move === undefined) {
      finish(p, p.turn);
      return;
    }
    applyMove(p, 'computer', r.body.move, r.body);
    advance();
  }

  // `stuck` (a turn value) has no move: under normal play they lose.
  function finish(p, stuck) {
    const stuckIsUser = p.kind === 'impartial' ? stuck === 'you' : stuck === p.side;
    const userWins = p.misere ? stuckIsUser : !stuckIsUser;
    p.over = {
      winner: userWins ? 'you' : 'computer',
      why: `${cap(moverWords(p, stuck))} cannot move` + (p.misere ? ' (misère: whoever cannot move wins).' : '.'),
    };
    renderPlay();
    writeUrl();
  }

  function applyMove(p, who, game, info) {
    const side = p.kind === 'partizan' ? p.turn : null;
    p.history.push({
      who, game, side, says: info && info.says,
      why: info && info.why, wins: info && info.wins,
    });
    recordPlaced(p, p.q, game, side || who);
    p.last = { from: p.q, to: game, side };
    lastMoved(p, p.last);
    p.q = game;
    p.turn = otherTurn(p);
    p.history[p.history.length - 1].after = p.turn;
    setExpression(game, { fromPlay: true });
  }

  // What the move `last` did on its component's picture, as the server
  // reads it (GET /api/picture with `to`): kept in last.moved as {part,
  // moved} and drawn as the last move's mark.
  function lastMoved(p, last) {
    const params = { q: last.from, to: last.to };
    if (last.side) params.player = last.side;
    api('/api/picture', params).then((r) => {
      if (!r.ok || state.play !== p || p.last !== last) return;
      const part = r.body.parts.findIndex((x) => x.moved);
      if (part < 0) return;
      last.moved = { part, moved: r.body.parts[part].moved };
      renderEditor();
    });
  }

  // Dominoes stay drawn as dominoes, in the colour of whoever placed them:
  // a move of a grid game that fills two neighbouring cells of a board of
  // the same size is kept in p.placed, by component.
  function recordPlaced(p, from, to, who) {
    const a = splitTop(from, '+');
    const b = splitTop(to, '+');
    if (a.length !== b.length) return;
    a.forEach((t, part) => {
      if (t === b[part]) return;
      const x = singleGame(t);
      const y = singleGame(b[part]);
      if (!x || !y || x.game.picture.kind !== 'grid') return;
      const bx = boardOf(x.call);
      const by = boardOf(y.call);
      if (!bx || !by || bx.rows.length !== by.rows.length || bx.rows[0].length !== by.rows[0].length) return;
      const cells = [...changedCells(bx.rows, by.rows)].map((k) => k.split(',').map(Number));
      if (cells.length !== 2 || Math.abs(cells[0][0] - cells[1][0]) + Math.abs(cells[0][1] - cells[1][1]) !== 1) return;
      // Filled, not moved: a stone or a skier that moves to the next cell
      // changes two neighbours too, but leaves one of them empty.
      const look = (ch) => ((x.game.picture.cells || []).find((c) => c.char === ch) || {}).look;
      const filled = ([r, c]) => look(Array.from(bx.rows[r])[c]) === 'empty' && look(Array.from(by.rows[r])[c]) !== 'empty';
      if (!cells.every(filled)) return;
      (p.placed[part] = p.placed[part] || []).push({ cells, who });
    });
  }

  function userPlays(option) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    p.undo.push({ q: p.q, turn: p.turn, history: p.history.length, last: p.last, placed: JSON.stringify(p.placed) });
    applyMove(p, 'you', option.game, { says: option.part !== undefined && p.options.parts && p.options.parts.length > 1
      ? `${option.says} (component ${option.part + 1})` : option.says });
    advance();
  }

  // The same game again from where it started, the same sides.
  function playAgain() {
    const p = state.play;
    if (!p) return;
    const { start, side, first, startTurn, hint } = p;
    state.play = null;
    state.playGen++;
    setExpression(start);
    startPlayWhenReady({ side, first, turn: startTurn, hint }, start);
  }

  async function startPlayWhenReady(opts, q) {
    for (let i = 0; i < 400 && !(state.analysis && state.analysis.q === q); i++) await sleep(25);
    startPlay(opts);
  }

  function undo() {
    const p = state.play;
    if (!p || p.undo.length === 0) return;
    const snap = p.undo.pop();
    p.gen = ++state.playGen;
    p.q = snap.q;
    p.turn = snap.turn;
    p.history.length = snap.history;
    p.last = snap.last;
    p.placed = JSON.parse(snap.placed);
    p.over = null;
    p.thinking = false;
    setExpression(p.q, { fromPlay: true });
    advance();
  }

  // Board clicks. Grid: the clicked cells S select the options whose changed
  // cells include S; one left, or one changing exactly S, is played.
  function onCell(part, r, c) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const single = singleGame((p.options.parts || [p.q])[part] || '');
    if (single && single.game.picture.style === 'coins') {
      onCoin(p, part, c);
      return;
    }
    const key = r + ',' + c;
    if (p.selectionPart !== part) {
      p.selection = new Set();
      p.selectionPart = part;
    }
    if (p.selection.has(key)) {
      p.selection.delete(key);
      p.message = '';
      renderPlay();
      return;
    }
    const mine = userOptions(p).filter((o) => o.part === part && o.changed);
    const matching = (sel) => mine.filter((o) => [...sel].every((k) => o.changed.has(k)));
    p.selection.add(key);
    let candidates = matching(p.selection);
    if (candidates.length === 0) {
      p.selection = new Set([key]);
      candidates = matching(p.selection);
    }
    if (candidates.length === 0) {
      p.selection = new Set();
      p.message = 'None of your moves changes that cell.';
      renderPlay();
      return;
    }
    const exact = candidates.filter((o) => o.changed.size === p.selection.size);
    if (candidates.length === 1) userPlays(candidates[0]);
    else if (exact.length === 1) userPlays(exact[0]);
    else {
      p.message = `${candidates.length} of your moves change the marked cells: click another cell of the one you want, or pick it in the list.`;
      renderPlay();
    }
  }

  // Coin c clicked: the moves whose rightmost coin it is (the one a move
  // turns from heads to tails, in every coin-turning game). One is played;
  // when several are, the page offers them to choose from.
  function onCoin(p, part, c) {
    // A coin clicked while a choice is open, other than the one it ends
    // at: keep the moves that turn it too.
    if (p.choice && p.choice.part === part && c !== p.choice.coin) {
      const key = '0,' + c;
      const narrowed = p.choice.moves.filter((o) => o.changed.has(key));
      if (narrowed.length === 1) {
        userPlays(narrowed[0]);
        return;
      }
      if (narrowed.length > 1) {
        p.choice = { ...p.choice, moves: narrowed };
        p.message = `${narrowed.length} moves turn coins ${c + 1} and ${p.choice.coin + 1}: click another coin, or choose.`;
        renderPlay();
        return;
      }
    }
    const ends = userOptions(p).filter((o) => o.part === part && o.end === c);
    p.choice = null;
    if (ends.length === 1) {
      userPlays(ends[0]);
      return;
    }
    if (ends.length === 0) {
      p.message = `No move turns coin ${c + 1} from heads to tails: click a heads coin, the rightmost coin of the move you want.`;
    } else {
      p.choice = { part, coin: c, moves: ends };
      p.message = `${ends.length} moves turn coin ${c + 1} from heads to tails: click the other coins you turn with it, or choose.`;
    }
    renderPlay();
  }

  // Pins a..b of row i clicked: the move that knocks exactly those down (or,
  // for a row's end, the same number from either end).
  function onPins(part, i, a, b) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const parts = p.options.parts || [p.q];
    const call = singleGame(parts[part] || '');
    const n = call ? Number(call.call.args[i]) : 0;
    const count = b - a + 1;
    // A move's pins as a multiset of what is left either side.
    const sides = (x, y) => [x, y].filter((v) => v > 0).sort((u, v) => u - v).join(',');
    const want = sides(a, n - b - 1);
    const hits = userOptions(p).filter((o) => {
      if (o.part !== part || !o.knock || o.knock.row !== i) return false;
      const k = o.knock;
      return k.last - k.first + 1 === count && sides(k.first, n - k.last - 1) === want;
    });
    if (hits.length >= 1) userPlays(hits[0]);
    else {
      p.message = count === 1
        ? `You cannot knock down pin ${a + 1} alone: ${userOptions(p).length ? 'click between two pins, or pick a move in the list.' : ''}`
        : `You cannot knock down pins ${a + 1} and ${b + 1} together: pick a move in the list.`;
      renderPlay();
    }
  }

  function onEdge(part, k) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const hits = userOptions(p).filter((o) => o.part === part && o.cut === k);
    if (hits.length >= 1) userPlays(hits[0]);
    else {
      p.message = `You cannot cut edge ${k + 1}: ${p.kind === 'partizan' ? `as ${cap(p.side)} you cut ${p.side === 'left' ? 'blue' : 'red'} and green edges only` : 'pick a move in the list'}.`;
      renderPlay();
    }
  }

  // Vertex or edge k of component `part` clicked: the move the game says
  // acts on it (each option's `at`).
  function onGraph(part, k) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const hits = userOptions(p).filter((o) => (o.part === undefined ? 0 : o.part) === part && o.at === k);
    if (hits.length >= 1) userPlays(hits[0]);
    else {
      const single = singleGame((p.options.parts || [p.q])[part] || '');
      const what = single && single.game.picture.click === 'edge' ? 'edge' : 'vertex';
      p.message = `You have no move on that ${what}: pick a move in the list.`;
      renderPlay();
    }
  }

  // Target k of component `part`'s figure clicked: the moves that act on
  // it (each option's `touch`). One is played; when several are (a line of
  // Maundy Cake that cuts into halves and into quarters), the page offers
  // them in words.
  function onFigure(part, k) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const named = (o) => o.touch && (o.touch.marks.includes(k) || (o.touch.also || []).includes(k));
    const hits = userOptions(p).filter((o) => (o.part === undefined ? 0 : o.part) === part && named(o));
    p.choice = null;
    if (hits.length === 1) {
      userPlays(hits[0]);
      return;
    }
    if (hits.length === 0) {
      p.message = userOptions(p).some((o) => o.touch)
        ? `You have no move there${p.kind === 'partizan' ? ` as ${cap(p.side)}` : ''}: the marked places are yours, or pick a move in the list.`
        : 'Pick a move in the list.';
    } else {
      p.choice = { part, target: k, moves: hits };
      p.message = `${hits.length} of your moves go through there: choose one.`;
    }
    renderPlay();
  }

  function onSquare(part, x, y) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const hits = userOptions(p).filter((o) => o.part === part && o.square && o.square[0] === x && o.square[1] === y);
    if (hits.length >= 1) userPlays(hits[0]);
    else {
      p.message = `The piece cannot move to (${x}, ${y}).`;
      renderPlay();
    }
  }

  function onToken(part, i, k) {
    const p = state.play;
    if (!p || p.over || p.thinking || !isUserTurn(p) || !p.options) return;
    const hits = userOptions(p).filter((o) => o.part === part && o.heap && o.heap[0] === i && o.heap[1] === k);
    if (hits.length >= 1) userPlays(hits[0]);
    else {
      p.message = `No move leaves ${k} in heap ${i + 1} alone: pick a move in the list.`;
      renderPlay();
    }
  }

  // What the last move took away from component `part`, as the server says
  // it did (p.last.moved, GET /api/picture with `to`), for the pictures that
  // draw only what is left: for 'pins', a Map row -> the places of the pins
  // knocked down, after the pins left in that row (a middle pin's row is two
  // rows now: they follow the first); for 'edges', the string of edges cut
  // off, from the cut edge up.
  function lastGhost(part, kind) {
    const p = state.play;
    const moved = p && p.last && p.last.moved;
    if (!moved || moved.part !== part) return null;
    const a = splitTop(p.last.from, '+');
    const b = splitTop(p.last.to, '+');
    if (a.length !== b.length) return null;
    const x = singleGame(a[part] || '');
    const y = singleGame(b[part] || '');
    if (!x || !y) return null;
    const m = moved.moved;
    if (kind === 'pins') {
      const before = x.call.args.map(Number);
      const after = y.call.args.map(Number);
      let row;
      let from;
      let to;
      if (m.knock) {
        [row, from, to] = m.knock;
      } else if (m.heap && after.length === before.length) {
        // Pins at the end: drawn at the end of what is left.
        [row, from] = m.heap;
        to = before[row] - 1;
      } else {
        return null;
      }
      if (!(after[row] >= from) || to < from || to - from > 40) return null;
      const places = [];
      for (let j = from; j <= to; j++) places.push(j);
      return new Map([[row, places]]);
    }
    if (kind === 'edges' && m.cut !== undefined) {
      const bx = boardOf(x.call);
      return bx && bx.rows.length === 1 ? Array.from(bx.rows[0]).slice(m.cut).join('') : null;
    }
    return null;
  }

  // Marks of component `part` of the play board, keyed as its picture wants.
  function playMarks(part) {
    const p = state.play;
    const marks = new Map();
    const add = (key, m) => {
      if (!marks.has(key)) marks.set(key, new Set());
      marks.get(key).add(m);
    };
    // What the last move changed in this component.
    if (p.last) {
      const a = splitTop(p.last.from, '+');
      const b = splitTop(p.last.to, '+');
      if (a.length === b.length && a[part] !== undefined && a[part] !== b[part]) {
        const x = singleGame(a[part]);
        const y = singleGame(b[part]);
        if (x && y && x.game.picture.kind === 'grid') {
          const bx = boardOf(x.call);
          const by = boardOf(y.call);
          if (bx && by) for (const k of changedCells(bx.rows, by.rows)) add(k, 'last');
        } else if (x && y && x.game.picture.kind === 'square') {
          add(x.call.args.join(',').replace(/\s/g, ''), 'last');
        } else if (p.last.moved && p.last.moved.part === part && p.last.moved.moved.heap) {
          // Heaps: where the taking began, drawn as a ghost above what is left.
          add(p.last.moved.moved.heap.join(','), 'last');
        }
      }
    }
    if (p.over || p.thinking || !isUserTurn(p)) return marks;
    const mine = userOptions(p).filter((o) => o.part === part);
    const winning = p.hint ? winningForUser(p) : null;
    // The hint marks one move: the first winning move of the list (of any
    // component), unless a move of the list is under the pointer.
    const hinted = winning && !p.preview ? userOptions(p).find((o) => winning.has(o.game)) : null;
    for (const o of mine) {
      const wins = o === hinted;
      if (o.knock && wins) for (let j = o.knock.first; j <= o.knock.last; j++) add(o.knock.row + ',' + j, 'hint');
      if (o.cut !== undefined && wins) add(String(o.cut), 'hint');
      if (o.at !== undefined) {
        add(String(o.at), 'legal');
        if (wins) add(String(o.at), 'hint');
      }
      if (o.touch) {
        for (const k of o.touch.marks.concat(o.touch.also || [])) add(String(k), 'legal');
        if (wins) for (const k of o.touch.marks) add(String(k), 'hint');
      }
      if (o.square) {
        const key = o.square.join(',');
        add(key, 'legal');
        if (wins) add(key, 'hint');
      } else if (o.heap) {
        const key = o.heap[0] + ',' + o.heap[1];
        add(key, 'legal');
        if (wins) add(key, 'hint');
      } else if (o.changed) {
        if (wins) for (const k of o.changed) add(k, 'hint');
      }
    }
    // The move under the pointer (or focus) in the list of moves.
    const preview = p.preview;
    if (preview && preview.part === part) {
      if (preview.changed) for (const k of preview.changed) add(k, 'sel');
      if (preview.cut !== undefined) add(String(preview.cut), 'hint');
      if (preview.at !== undefined) add(String(preview.at), 'hint');
      if (preview.touch) for (const k of preview.touch.marks) add(String(k), 'sel');
      if (preview.knock) for (let j = preview.knock.first; j <= preview.knock.last; j++) add(preview.knock.row + ',' + j, 'hint');
      if (preview.square) add(preview.square.join(','), 'hint');
      if (preview.heap) add(preview.heap.join(','), 'hint');
    }
    // The moves a click on a coin left open.
    if (p.choice && p.choice.part === part) {
      for (const o of p.choice.moves) {
        for (const k of o.changed || []) add(k, 'cand');
        if (o.touch) for (const k of o.touch.marks) add(String(k), 'cand');
      }
    }
    if (p.selectionPart === part && p.selection.size > 0) {
      for (const k of p.selection) add(k, 'sel');
      for (const o of mine) {
        if (o.changed && [...p.selection].every((k) => o.changed.has(k))) {
          for (const k of o.changed) add(k, 'cand');
        }
      }
    }
    return marks;
  }

  // Marks on the board the cells, square or token of a move of the list.
  function showPreview(option) {
    const p = state.play;
    if (!p || p.preview === option) return;
    p.preview = option;
    renderEditor();
  }

  function renderPlayBoard(box) {
    const p = state.play;
    const parts = p.options && p.options.parts ? p.options.parts : splitTop(p.q, '+');
    const hooks = { onCell, onSquare, onToken, onPins, onEdge, onGraph, onFigure, marks: playMarks, ghost: lastGhost };
    box.append(el('h3', {}, 'Board'));
    if (p.options && p.kind && !p.options.parts && parts.length === 1 && !singleGame(parts[0])) {
      box.append(el('p', { class: 'help' }, 'Moves in this compound change several components: pick them in the list.'));
      drawCompound(parts[0], box);
    }
    if (parts.length === 1) {
      const pic = partPicture(parts[0], 0, hooks);
      // One component: its title only when there is no picture to show it.
      if (pic.childElementCount > 1) pic.querySelector('.part-title').remove();
      else pic.querySelector('.part-title').replaceChildren(el('code', {}, parts[0]));
      box.append(pic);
    } else {
      parts.forEach((t, i) => box.append(partPicture(t, i, hooks)));
    }
  }

  function renderPlay() {
    const p = state.play;
    if (!p) return;
    const area = $('play-area');
    const user = isUserTurn(p);
    area.dataset.state = p.over ? 'over' : p.error ? 'error' : p.thinking || !user ? 'computer' : p.options ? 'user' : 'loading';
    area.dataset.q = p.q;

    const turn = $('turn');
    turn.hidden = Boolean(p.over || p.error);
    if (p.over) turn.textContent = '';
    else if (p.error) turn.textContent = '';
    else if (!user) turn.textContent = `The computer${p.kind === 'partizan' ? ' (' + cap(p.turn) + ')' : ''} is thinking…`;
    else turn.textContent = `Your turn${p.kind === 'partizan' ? ' (you are ' + cap(p.side) + ', ' + (p.side === 'left' ? 'blue' : 'red') + ')' : ''}: click the board or a move below.`;
    turn.dataset.turn = p.over ? 'over' : user ? 'you' : 'computer';

    const status = $('game-status');
    if (p.over) {
      status.hidden = false;
      status.dataset.winner = p.over.winner;
      const name = p.gameName ? cap(p.gameName.replace(/_/g, ' ')) + ': ' : '';
      status.replaceChildren(
        el('strong', {}, name + (p.over.winner === 'draw' ? 'a draw' : p.over.winner === 'you' ? 'you win' : 'the computer wins') + '.'),
        ' ', p.over.why, ' ',
        el('button', { type: 'button', id: 'play-again', 'data-testid': 'play-again', onclick: playAgain }, 'Play again?'));
    } else if (p.error) {
      status.hidden = false;
      status.dataset.winner = '';
      status.replaceChildren(el('strong', {}, 'error: '), p.error.limit ? 'limit reached: ' + p.error.error : p.error.error);
    } else {
      status.hidden = true;
      status.dataset.winner = '';
    }

    $('hint').checked = Boolean(p.hint);
    $('undo').disabled = p.undo.length === 0;
    $('play-help').textContent = p.message || '';
    if (p.choice && user && !p.over && p.options) {
      // The moves a click left open, each in words: hover to see it drawn.
      $('play-help').append(' ', el('span', { class: 'choices', 'data-testid': 'choices' }, p.choice.moves.map((o) => el('button', {
        type: 'button', class: 'choice', 'data-testid': 'choice', 'data-game': o.game, 'data-says': o.says || null,
        onclick: () => userPlays(o),
        onmouseenter: () => showPreview(o), onfocus: () => showPreview(o),
        onmouseleave: () => showPreview(null), onblur: () => showPreview(null),
      }, o.says || o.game))));
    }

    const list = $('options');
    list.replaceChildren();
    $('options-title').textContent = p.kind === 'partizan' ? `Your moves (${cap(p.side)})` : 'Your moves';
    if (user && !p.over && p.options) {
      const winning = p.hint ? winningForUser(p) : null;
      const many = p.options.parts && p.options.parts.length > 1;
      const sel = p.selection;
      for (const o of userOptions(p)) {
        const wins = Boolean(winning && winning.has(o.game));
        // With the hint on, every move is marked by what it leads to, in a
        // word and a sign as well as a colour.
        const draws = Boolean(winning && o.leads_to === 'draw');
        const loses = Boolean(winning && !wins && !draws);
        const candidate = sel.size > 0 && o.part === p.selectionPart && o.changed && [...sel].every((k) => o.changed.has(k));
        const words = o.says || o.game;
        const label = many && o.part !== undefined ? `${words} (component ${o.part + 1})` : words;
        list.append(el('li', {},
          el('button', {
            type: 'button', class: 'option' + (wins ? ' winning' : '') + (loses ? ' losing' : '') + (candidate ? ' candidate' : ''),
            'data-testid': 'option', 'data-game': o.game, 'data-says': o.says || null, 'data-winning': wins ? 'true' : null,
            'data-leads-to': o.leads_to || null,
            title: o.game, onclick: () => userPlays(o),
            onmouseenter: () => showPreview(o), onfocus: () => showPreview(o),
            onmouseleave: () => showPreview(null), onblur: () => showPreview(null),
          }, label,
          wins ? el('span', { class: 'badge badge-win' }, '✓ wins') : null,
          draws ? el('span', { class: 'badge badge-draw' }, '= draws') : null,
          loses ? el('span', { class: 'badge badge-lose' }, '✗ loses') : null)));
      }
      if (p.options.complete === false) list.append(el('li', { class: 'note' }, 'The list was cut short by the move limit.'));
    } else if (!p.over) {
      list.append(el('li', { class: 'note' }, user ? 'Loading your moves…' : 'Waiting for the computer.'));
    }

    const history = $('history');
    history.replaceChildren();
    if (p.history.length === 0) history.append(el('li', { class: 'note' }, 'No move yet.'));
    for (const h of p.history) {
      const who = h.who === 'you' ? 'You' : 'Computer';
      history.append(el('li', { 'data-testid': 'history-move', 'data-who': h.who },
        el('span', { class: 'who who-' + (h.side || h.who) }, who + (h.side ? ' (' + cap(h.side) + ')' : '')), ': ',
        h.says ? el('span', { class: 'says', title: h.game }, h.says) : el('code', {}, h.game),
        h.why ? el('span', { class: 'why' }, ' — ' + h.why) : null));
    }
    renderEditor();
  }

  // ---------------------------------------------------------------- URL

  function writeUrl() {
    const params = new URLSearchParams();
    const p = state.play;
    // A finished game is shared from where it started.
    const q = p && p.over ? p.start : state.expr;
    if (q) params.set('q', q);
    params.set('tab', state.tab);
    if (p) {
      params.set('side', p.side);
      if (p.first) params.set('first', p.first);
      params.set('turn', p.over ? p.startTurn : p.turn);
    }
    if (state.teacher) params.set('teacher', '1');
    const hash = '#' + params.toString();
    if (location.hash !== hash) history.replaceState(null, '', hash);
    $('share-link').href = location.href;
    const teacher = new URLSearchParams(params);
    teacher.set('teacher', '1');
    teacher.set('tab', 'play');
    if (!p) {
      teacher.set('side', $('play-side').value || 'first');
      if ($('play-first-wrap').hidden === false) teacher.set('first', $('play-first').value);
    }
    $('teacher-link').href = location.href.split('#')[0] + '#' + teacher.toString();
    $('share-link').textContent = location.href.length > 80 ? location.href.slice(0, 77) + '…' : location.href;
  }

  async function readUrl() {
    const params = new URLSearchParams(location.hash.slice(1));
    const q = params.get('q');
    const tab = params.get('tab');
    // A teacher's link: play only, no hint, no analysis.
    state.teacher = params.get('teacher') === '1';
    document.body.dataset.teacher = String(state.teacher);
    if (state.play) stopPlay();
    selectTab(['analyse', 'play', 'explore'].includes(tab) ? tab : 'analyse', false);
    const expr = q !== null ? q : (state.byName.nim ? state.byName.nim.example : 'nim(3,5,7)');
    setExpression(expr);
    const side = params.get('side');
    if (tab !== 'play' || !side) return;
    // Resume a shared game once the position is known to be valid.
    const token = state.analysisToken;
    for (let i = 0; i < 400 && $('analysis').dataset.state === 'loading'; i++) await sleep(50);
    if (token !== state.analysisToken || !state.analysis || state.analysis.q !== expr) return;
    const kind = state.analysis.body.kind;
    const sides = kind === 'partizan' ? ['left', 'right'] : ['first', 'second'];
    if (!sides.includes(side)) return;
    const first = ['left', 'right'].includes(params.get('first')) ? params.get('first') : 'left';
    const turns = kind === 'partizan' ? ['left', 'right'] : ['you', 'computer'];
    const turn = turns.includes(params.get('turn')) ? params.get('turn') : null;
    $('play-side').value = side;
    $('play-first').value = first;
    startPlay({ side, first, turn });
  }

  // ---------------------------------------------------------------- tabs

  function selectTab(tab, write = true) {
    state.tab = tab;
    for (const t of ['analyse', 'play', 'explore']) {
      $('tab-' + t).setAttribute('aria-selected', String(t === tab));
      $('pane-' + t).hidden = t !== tab;
    }
    if (tab === 'explore' && !state.explored) {
      state.explored = true;
      drawTable();
      drawSeq();
      drawThermograph();
    }
    if (write) writeUrl();
  }

  // ---------------------------------------------------------------- explore: table

  function valueColour(v) {
    if (v === 0) return '#1f2937';
    const hue = (v * 137.508) % 360;
    const light = [68, 54, 80][v % 3];
    return `hsl(${hue.toFixed(1)}, 72%, ${light}%)`;
  }

  // A family of partizan positions: a grid of canonical forms, each cell
  // shaded by its outcome and marked with its letter (not colour alone).
  function formsGrid(rowLabels, colLabels, forms, outcomes, name) {
    const said = { L: 'Left wins', R: 'Right wins', N: 'the first player wins', P: 'the second player wins' };
    const head = el('tr', {}, el('th', { scope: 'col' }, name), colLabels.map((c) => el('th', { scope: 'col' }, String(c))));
    const body = forms.map((row, i) => el('tr', {}, el('th', { scope: 'row' }, String(rowLabels[i])),
      row.map((v, j) => {
        const o = outcomes[i][j];
        return el('td', {
          class: `form-cell outcome-${o || 'none'}`, 'data-testid': 'form-cell', 'data-outcome': o || '',
          title: o ? `${said[o]} (${o})` : 'left empty',
        }, el('code', {}, v === null ? '·' : v), o ? el('sup', { class: 'outcome-mark' }, o) : '');
      })));
    return el('table', { class: 'forms-table', 'data-testid': 'forms-table' }, head, body);
  }

  function drawForms(box, b) {
    const from = b.from || 0;
    const labels = b.forms.map((_, i) => from + i);
    const patterns = (b.patterns || []).map((pt) => el('li', {}, pt));
    box.replaceChildren(
      el('p', { class: 'caption' }, `${b.template}: the canonical form of each position, row x and column y; the letter is its outcome (L: Left wins, R: Right wins, N: the first player wins, P: the second).`),
      formsGrid(labels, labels, b.forms, b.outcomes, 'x \\ y'),
      patterns.length ? el('ul', { class: 'patterns' }, patterns) : '',
      b.left_empty ? el('p', { class: 'caption' }, b.left_empty) : '');
    box.dataset.state = 'ready';
  }

  async function drawTable() {
    const token = ++state.tokens.table;
    const ruleset = $('table-ruleset').value.trim();
    const size = $('table-size').value.trim();
    const box = $('table-picture');
    box.dataset.state = 'loading';
    const r = await api('/api/table', { ruleset, size });
    if (token !== state.tokens.table) return;
    if (!r.ok) {
      box.dataset.state = 'error';
      box.replaceChildren();
      showError($('table-error'), ruleset, r.body);
      return;
    }
    clearError($('table-error'));
    if (r.body.forms) {
      drawForms(box, r.body);
      return;
    }
    const values = r.body.values;
    const rows = values.length;
    const cols = rows ? values[0].length : 0;
    const cell = Math.max(6, Math.min(34, Math.floor(520 / Math.max(rows, cols, 1))));
    const left = 40;
    const top = 36;
    const w = left + cols * cell + 10;
    const h = top + rows * cell + 10;
    const root = svg('svg', {
      class: 'table-svg', 'data-testid': 'table-svg', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
      role: 'img', 'aria-label': `Grundy values of ${r.body.ruleset}, ${rows} by ${cols}`,
    });
    root.append(
      svg('text', { x: left + (cols * cell) / 2, y: 12, class: 'axis-label', 'text-anchor': 'middle' }, 'column y →'),
      svg('text', { x: 12, y: top + (rows * cell) / 2, class: 'axis-label', 'text-anchor': 'middle', transform: `rotate(-90 12 ${top + (rows * cell) / 2})` }, 'row x ↓'));
    const every = Math.max(1, Math.ceil(Math.max(rows, cols) / 16));
    for (let y = 0; y < cols; y += every) root.append(svg('text', { x: left + y * cell + cell / 2, y: top - 6, class: 'axis-tick', 'text-anchor': 'middle' }, y));
    for (let x = 0; x < rows; x += every) root.append(svg('text', { x: left - 5, y: top + x * cell + cell / 2 + 4, class: 'axis-tick', 'text-anchor': 'end' }, x));
    const seen = new Set();
    values.forEach((row, x) => row.forEach((v, y) => {
      seen.add(v);
      root.append(svg('rect', {
        x: left + y * cell, y: top + x * cell, width: cell, height: cell, fill: valueColour(v),
        stroke: '#fff', 'stroke-width': cell > 10 ? 1 : 0.3,
        'data-testid': 'table-cell', 'data-x': x, 'data-y': y, 'data-value': v,
      }, svg('title', {}, `(${x}, ${y}): ${v}`)));
      if (cell >= 20) {
        root.append(svg('text', {
          x: left + y * cell + cell / 2, y: top + x * cell + cell / 2 + 4, 'text-anchor': 'middle',
          class: 'cell-value', fill: v === 0 ? '#fff' : '#111', 'pointer-events': 'none',
        }, v));
      }
    }));
    const legendValues = [...seen].sort((a, b) => a - b);
    const legend = el('ul', { class: 'legend', 'aria-label': 'colour of each value' },
      legendValues.slice(0, 64).map((v) => el('li', {},
        svg('svg', { width: 14, height: 14, 'aria-hidden': 'true' }, svg('rect', { width: 14, height: 14, fill: valueColour(v) })),
        ' ', String(v))));
    const patterns = (r.body.patterns || []).map((pt) => el('li', {}, pt.statement));
    box.replaceChildren(
      el('p', { class: 'caption' }, `G(x, y) of ${r.body.ruleset}; 0 (dark) marks the P-positions. Hover a cell for its value.`),
      root, legend,
      patterns.length ? el('ul', { class: 'patterns' }, patterns) : '');
    box.dataset.state = 'ready';
  }

  // ---------------------------------------------------------------- explore: sequence

  // A round step for about `count` ticks over `range`.
  function niceStep(range, count) {
    const raw = range / Math.max(1, count);
    const mag = 10 ** Math.floor(Math.log10(raw || 1));
    for (const f of [1, 2, 5, 10]) if (f * mag >= raw) return f * mag;
    return 10 * mag;
  }

  async function drawSeq() {
    const token = ++state.tokens.seq;
    const ruleset = $('seq-ruleset').value.trim();
    const to = $('seq-to').value.trim();
    const box = $('seq-picture');
    box.dataset.state = 'loading';
    const r = await api('/api/seq', { ruleset, to });
    if (token !== state.tokens.seq) return;
    if (!r.ok) {
      box.dataset.state = 'error';
      box.replaceChildren();
      showError($('seq-error'), ruleset, r.body);
      return;
    }
    clearError($('seq-error'));
    const s = r.body;
    if (s.kind === 'partizan') {
      const ns = s.heaps || s.values.map((_, i) => i);
      let caption = `${s.game}: the canonical form of each position, and its outcome. `;
      if (Number.isInteger(s.period)) {
        caption += s.saltus === '0'
          ? `Period ${s.period} from n = ${s.preperiod}`
          : `G(n+${s.period}) = G(n) + ${s.saltus} from n = ${s.preperiod}`;
        caption += ' — as far as computed, not proved.';
      } else if (Number.isInteger(s.outcome_period)) {
        caption += `The outcomes have period ${s.outcome_period} from n = ${s.outcome_preperiod} — as far as computed, not proved.`;
      } else {
        caption += 'No period shows in this range.';
      }
      box.replaceChildren(
        el('p', { class: 'caption', 'data-testid': 'seq-caption' }, caption),
        formsGrid(ns, ['G(n)'], s.values.map((v) => [v]), s.outcomes.map((o) => [o]), 'n'),
        s.left_empty ? el('p', { class: 'caption' }, s.left_empty) : '');
      box.dataset.state = 'ready';
      return;
    }
    const vals = s.values;
    const n = Math.max(1, vals.length - 1);
    const maxV = Math.max(1, ...vals);
    const W = 640;
    const H = 300;
    const L = 48;
    const R = 24;
    const T = 30;
    const B = 44;
    const X = (i) => L + (i * (W - L - R)) / n;
    const Y = (v) => H - B - (v * (H - T - B)) / maxV;
    const root = svg('svg', {
      class: 'seq-svg', 'data-testid': 'seq-svg', width: W, height: H, viewBox: `0 0 ${W} ${H}`,
      role: 'img', 'aria-label': `Grundy values of ${s.game} for heaps 0 to ${vals.length - 1}`,
    });
    const hasPeriod = Number.isInteger(s.period) && s.period > 0 && Number.isInteger(s.preperiod);
    if (hasPeriod && s.preperiod <= n) {
      // The periodic part is shaded, every other period a shade darker, so the
      // repetition shows; dashed lines start each period.
      root.append(svg('rect', {
        x: X(s.preperiod), y: T, width: Math.max(1, X(n) - X(s.preperiod)), height: H - T - B,
        class: 'period-band', 'data-testid': 'period-band',
      }, svg('title', {}, `periodic from heap ${s.preperiod} on, period ${s.period}`)));
      const starts = [];
      for (let i = s.preperiod; i <= n && starts.length <= 100; i += s.period) starts.push(i);
      if (starts.length <= 100) {
        starts.forEach((i, j) => {
          if (j % 2 === 1) {
            root.append(svg('rect', {
              x: X(i), y: T, width: Math.max(0, X(Math.min(n, i + s.period)) - X(i)), height: H - T - B,
              class: 'period-block',
            }));
          }
        });
        for (const i of starts) {
          root.append(svg('line', { x1: X(i), x2: X(i), y1: T, y2: H - B, class: 'period-line', 'data-testid': 'period-line' }));
        }
      }
    }
    // Axes, ticks and labels.
    root.append(svg('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'axis' }));
    root.append(svg('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'axis' }));
    const xs = niceStep(n, 10);
    for (let i = 0; i <= n; i += xs) {
      root.append(svg('line', { x1: X(i), x2: X(i), y1: H - B, y2: H - B + 4, class: 'axis' }));
      root.append(svg('text', { x: X(i), y: H - B + 16, 'text-anchor': 'middle', class: 'axis-tick' }, i));
    }
    const ys = Math.max(1, niceStep(maxV, 6));
    for (let v = 0; v <= maxV; v += ys) {
      root.append(svg('line', { x1: L - 4, x2: W - R, y1: Y(v), y2: Y(v), class: 'grid-line' }));
      root.append(svg('text', { x: L - 7, y: Y(v) + 4, 'text-anchor': 'end', class: 'axis-tick' }, v));
    }
    root.append(svg('text', { x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-label' }, 'heap size n'));
    root.append(svg('text', { x: 14, y: (T + H - B) / 2, 'text-anchor': 'middle', class: 'axis-label', transform: `rotate(-90 14 ${(T + H - B) / 2})` }, 'Grundy value G(n)'));
    root.append(svg('polyline', { points: vals.map((v, i) => `${X(i).toFixed(2)},${Y(v).toFixed(2)}`).join(' '), class: 'seq-line' }));
    const radius = vals.length <= 150 ? 3 : vals.length <= 600 ? 2 : 1.2;
    // Past a few thousand heaps the line alone shows the sequence.
    if (vals.length <= 3000) vals.forEach((v, i) => root.append(svg('circle', {
      cx: X(i).toFixed(2), cy: Y(v).toFixed(2), r: radius, class: 'seq-point', 'data-testid': 'seq-point',
    }, svg('title', {}, `G(${i}) = ${v}`))));
    let caption = `${s.game}${s.code ? ' (code ' + s.code + ')' : ''}: G(n) for n = 0…${vals.length - 1}. `;
    if (hasPeriod) {
      caption += `Periodic with preperiod ${s.preperiod} and period ${s.period}`;
      if (s.saltus) caption += `, saltus ${s.saltus} (each period adds ${s.saltus})`;
      caption += s.proved ? ' — proved.' : ' — as far as computed, not proved.';
    } else {
      caption += 'No period shows in this range.';
    }
    const title = hasPeriod
      ? svg('text', { x: W - R, y: 18, 'text-anchor': 'end', class: 'axis-label', 'data-testid': 'period-label' },
        `preperiod ${s.preperiod}, period ${s.period}${s.proved ? ' (proved)' : ''}`)
      : null;
    if (title) root.append(title);
    box.replaceChildren(root, el('p', { class: 'caption', 'data-testid': 'seq-caption' }, caption),
      el('details', {}, el('summary', {}, 'the values'), el('p', { class: 'values' }, vals.join(' '))));
    box.dataset.state = 'ready';
  }

  // ---------------------------------------------------------------- explore: thermograph

  // "3/4", "-2", "5/8" as a number (dyadic rationals are exact in doubles here).
  function rational(s) {
    const m = /^(-?\d+)(?:\/(\d+))?$/.exec(String(s).trim());
    if (!m) return NaN;
    return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
  }

  async function drawThermograph() {
    const token = ++state.tokens.thermo;
    const q = $('thermo-expr').value.trim();
    const box = $('thermo-picture');
    box.dataset.state = 'loading';
    const r = await api('/api/thermograph', { q });
    if (token !== state.tokens.thermo) return;
    if (!r.ok) {
      box.dataset.state = 'error';
      box.replaceChildren();
      showError($('thermo-error'), q, r.body);
      return;
    }
    clearError($('thermo-error'));
    const th = r.body.thermograph;
    const walls = ['left', 'right'].map((side) => ({
      side,
      points: th[side].vertices.map(([t, x]) => [rational(t), rational(x)]),
      slope: rational(th[side].final_slope),
    }));
    const mast = rational(th.mast);
    const temp = rational(th.temperature);
    const topVertex = Math.max(0, ...walls.flatMap((w) => w.points.map(([t]) => t)));
    const tTop = topVertex + Math.max(0.75, topVertex * 0.4);
    // Each wall runs on above its last vertex with its final slope (0: the mast).
    for (const w of walls) {
      const [t, x] = w.points[w.points.length - 1];
      w.points.push([tTop, x + (Number.isFinite(w.slope) ? w.slope : 0) * (tTop - t)]);
    }
    const xsAll = walls.flatMap((w) => w.points.map(([, x]) => x)).concat([mast]);
    let xMin = Math.min(...xsAll);
    let xMax = Math.max(...xsAll);
    const span = Math.max(1, xMax - xMin);
    xMin -= span * 0.2;
    xMax += span * 0.2;
    const W = 560;
    const H = 340;
    const L = 50;
    const R = 24;
    const T = 24;
    const B = 50;
    // Thermographs are drawn with Left's (larger) values on the left.
    const X = (x) => L + ((xMax - x) * (W - L - R)) / (xMax - xMin);
    const Y = (t) => H - B - (t * (H - T - B)) / tTop;
    const root = svg('svg', {
      class: 'thermo-svg', 'data-testid': 'thermo-svg', width: W, height: H, viewBox: `0 0 ${W} ${H}`,
      role: 'img', 'aria-label': `thermograph of ${r.body.value}`,
    });
    // Axes: value along the bottom (decreasing to the right), temperature up the left.
    root.append(svg('line', { x1: L, x2: W - R, y1: Y(0), y2: Y(0), class: 'axis' }));
    root.append(svg('line', { x1: L, x2: L, y1: T, y2: Y(0), class: 'axis' }));
    const xs = niceStep(xMax - xMin, 8);
    for (let v = Math.ceil(xMin / xs) * xs; v <= xMax + 1e-9; v += xs) {
      root.append(svg('line', { x1: X(v), x2: X(v), y1: Y(0), y2: Y(0) + 4, class: 'axis' }));
      root.append(svg('text', { x: X(v), y: Y(0) + 16, 'text-anchor': 'middle', class: 'axis-tick' }, +v.toFixed(4)));
    }
    const ts = niceStep(tTop, 6);
    for (let t = 0; t <= tTop + 1e-9; t += ts) {
      root.append(svg('line', { x1: L - 4, x2: W - R, y1: Y(t), y2: Y(t), class: 'grid-line' }));
      root.append(svg('text', { x: L - 7, y: Y(t) + 4, 'text-anchor': 'end', class: 'axis-tick' }, +t.toFixed(4)));
    }
    root.append(svg('text', { x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle', class: 'axis-label' }, 'value'));
    root.append(svg('text', { x: L, y: H - 8, 'text-anchor': 'start', class: 'axis-tick' }, '← larger: better for Left'));
    root.append(svg('text', { x: W - R, y: H - 8, 'text-anchor': 'end', class: 'axis-tick' }, 'smaller: better for Right →'));
    root.append(svg('text', { x: 14, y: (T + Y(0)) / 2, 'text-anchor': 'middle', class: 'axis-label', transform: `rotate(-90 14 ${(T + Y(0)) / 2})` }, 'temperature t'));
    if (temp > 0) {
      root.append(svg('line', { x1: L, x2: W - R, y1: Y(temp), y2: Y(temp), class: 'temp-line' }));
      root.append(svg('text', { x: W - R, y: Y(temp) - 4, 'text-anchor': 'end', class: 'axis-tick' }, `temperature ${th.temperature}`));
    }
    for (const w of walls) {
      const d = w.points.map(([t, x], i) => `${i ? 'L' : 'M'}${X(x).toFixed(2)},${Y(t).toFixed(2)}`).join(' ');
      root.append(svg('path', { d, class: 'wall wall-' + w.side, 'data-testid': 'thermo-' + w.side, fill: 'none' },
        svg('title', {}, `${cap(w.side)} wall: ${th[w.side].vertices.map(([t, x]) => `(t ${t}, ${x})`).join(' ')}`)));
      const [t0, x0] = w.points[0];
      root.append(svg('text', {
        x: X(x0) + (w.side === 'left' ? -4 : 4), y: Y(t0) - 6, 'text-anchor': w.side === 'left' ? 'end' : 'start',
        class: 'wall-label wall-label-' + w.side,
      }, `${cap(w.side)} ${th[w.side].vertices[0][1]}`));
    }
    // Above the walls' last vertex both run up the mast (final slope 0).
    const mastFrom = Math.max(...walls.map((w) => w.points[w.points.length - 2][0]));
    const [lt, lx] = walls[0].points[walls[0].points.length - 1];
    const [rt, rx] = walls[1].points[walls[1].points.length - 1];
    if (lx === rx && lt === rt && lx === mast) {
      root.append(svg('path', {
        d: `M${X(mast).toFixed(2)},${Y(mastFrom).toFixed(2)} L${X(mast).toFixed(2)},${Y(tTop).toFixed(2)}`,
        class: 'wall wall-mast', 'data-testid': 'thermo-mast', fill: 'none',
      }, svg('title', {}, `mast at ${th.mast}`)));
    }
    root.append(svg('text', { x: X(mast) + 5, y: T + 12, class: 'axis-tick' }, `mast ${th.mast}`));
    box.replaceChildren(root,
      el('p', { class: 'caption', 'data-testid': 'thermo-caption' },
        `${r.body.value}: mean (mast) ${th.mast}, temperature ${th.temperature}. Left's wall in blue, Right's in red. `,
        el('a', { href: '/svg/thermograph?q=' + encodeURIComponent(q), target: '_blank', rel: 'noopener' }, 'the CLI’s own picture')));
    box.dataset.state = 'ready';
  }

  // ---------------------------------------------------------------- explore: compare

  const RELATION_WORDS = {
    '>': 'G > H: G is better for Left than H',
    '<': 'G < H: G is better for Right than H',
    '=': 'G = H: they are equal',
    '<>': 'G ‖ H: confused, neither is better (incomparable)',
  };

  async function drawCompare() {
    const token = ++state.tokens.compare;
    const g = $('compare-g').value.trim();
    const h = $('compare-h').value.trim();
    const out = $('compare-result');
    out.dataset.state = 'loading';
    const r = await api('/api/compare', { g, h });
    if (token !== state.tokens.compare) return;
    if (!r.ok) {
      out.dataset.state = 'error';
      out.textContent = '';
      showError($('compare-error'), null, r.body);
      return;
    }
    clearError($('compare-error'));
    out.replaceChildren(el('code', {}, r.body.g_value || g), ' vs ', el('code', {}, r.body.h_value || h), ': ',
      RELATION_WORDS[r.body.relation] || r.body.relation);
    out.dataset.state = 'ready';
  }

  // ---------------------------------------------------------------- wiring

  function wire() {
    $('evaluate').addEventListener('click', () => setExpression($('expr').value));
    $('expr').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') setExpression($('expr').value);
    });
    $('game-select').addEventListener('change', () => {
      const g = state.byName[$('game-select').value];
      if (g) setExpression(g.example);
    });
    const tabs = ['analyse', 'play', 'explore'];
    for (const t of tabs) $('tab-' + t).addEventListener('click', () => selectTab(t));
    // Arrow keys move between the tabs, as in the ARIA tabs pattern.
    document.querySelector('.tabs').addEventListener('keydown', (e) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
      if (!step) return;
      const next = tabs[(tabs.indexOf(state.tab) + step + tabs.length) % tabs.length];
      selectTab(next);
      $('tab-' + next).focus();
    });
    $('play-start').addEventListener('click', () => startPlay({ side: $('play-side').value, first: $('play-first').value }));
    $('play-stop').addEventListener('click', stopPlay);
    $('undo').addEventListener('click', undo);
    $('hint').addEventListener('change', () => {
      if (state.play) {
        state.play.hint = $('hint').checked;
        renderPlay();
      }
    });
    $('share-copy').addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(location.href);
        $('share-copy').textContent = 'Copied';
      } catch (_) {
        $('share-copy').textContent = 'Copy the link above';
      }
      setTimeout(() => { $('share-copy').textContent = 'Copy link'; }, 2000);
    });
    const onSubmit = (id, action) => $(id).addEventListener('submit', (e) => {
      e.preventDefault();
      action();
    });
    onSubmit('table-form', drawTable);
    onSubmit('seq-form', drawSeq);
    onSubmit('thermo-form', drawThermograph);
    onSubmit('compare-form', drawCompare);
    $('thermo-current').addEventListener('click', () => {
      $('thermo-expr').value = state.expr;
      drawThermograph();
    });
    window.addEventListener('hashchange', () => {
      if (location.hash !== '#' + currentHashBody()) readUrl();
    });
  }

  function currentHashBody() {
    const a = $('share-link').getAttribute('href') || '';
    const i = a.indexOf('#');
    return i < 0 ? '' : a.slice(i + 1);
  }

  async function init() {
    wire();
    updatePlaySetup(null);
    if (await loadGames()) {
      await readUrl();
    }
    document.body.dataset.ready = 'true';
  }

  init();
})();
