// The page of `puzzles serve`: fetch a trace of the real search, then show
// the board at any step k by replaying events 1..k.
//
// The trace is the library's own event list (place / conflict / remove /
// backtrack / solution, each with step and depth). Puzzle-specific drawing
// lives in `renderers`, keyed by the `puzzle` field of the trace, so a new
// puzzle (Sudoku) adds a renderer and an entry in the server's catalogue.
'use strict';

(() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  // The same queen as the library's SVG boards (puzzles::queens::svg).
  const QUEEN_PATH =
    'M20 74L13 36L32 55L31 27L44 52L50 21L56 52L69 27L68 55L87 36L80 74Z' +
    'M17 79H83V89H17Z' +
    'M8 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M26 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M45 17a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M64 24a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z' +
    'M82 33a5 5 0 1 0 10 0a5 5 0 1 0-10 0Z';
  // Replaying from a snapshot keeps any step at most this many events away.
  const CHECKPOINT_EVERY = 512;

  const $ = (id) => document.getElementById(id);

  const view = {
    catalogue: null,
    trace: null, // the reply of /api/trace
    checkpoints: [], // state after steps 0, CHECKPOINT_EVERY, 2·CHECKPOINT_EVERY, …
    solutionSteps: [], // the steps that are solution events
    step: 0,
    playing: false,
    rate: 4, // steps per second
    budget: 0, // fractional steps owed to the player
    lastTime: 0,
    hashTimer: 0,
    params: null, // the query of the trace shown
  };

  // ---- Replaying events ---------------------------------------------------

  function emptyState() {
    return {
      stack: [], // the choices standing: {row, col, value}
      counters: { placements: 0, conflicts: 0, removals: 0, backtracks: 0, solutions: 0 },
    };
  }

  function cloneState(state) {
    return { stack: state.stack.slice(), counters: Object.assign({}, state.counters) };
  }

  function apply(state, event) {
    switch (event.event) {
      case 'place':
        state.stack.push({ row: event.row, col: event.col, value: event.value });
        state.counters.placements += 1;
        break;
      case 'remove': {
        const top = state.stack[state.stack.length - 1];
        if (top && top.row === event.row && top.col === event.col) {
          state.stack.pop();
        } else {
          const index = state.stack.findIndex((c) => c.row === event.row && c.col === event.col);
          if (index >= 0) state.stack.splice(index, 1);
        }
        state.counters.removals += 1;
        break;
      }
      case 'conflict':
        state.counters.conflicts += 1;
        break;
      case 'backtrack':
        state.counters.backtracks += 1;
        break;
      case 'solution':
        state.counters.solutions += 1;
        break;
      default:
        break;
    }
  }

  function prepare(trace) {
    const state = emptyState();
    view.checkpoints = [cloneState(state)];
    view.solutionSteps = [];
    trace.events.forEach((event, index) => {
      apply(state, event);
      const step = index + 1;
      if (event.event === 'solution') view.solutionSteps.push(step);
      if (step % CHECKPOINT_EVERY === 0) view.checkpoints.push(cloneState(state));
    });
  }

  // The state after events 1..k.
  function stateAt(k) {
    const base = Math.floor(k / CHECKPOINT_EVERY);
    const state = cloneState(view.checkpoints[base]);
    for (let step = base * CHECKPOINT_EVERY + 1; step <= k; step += 1) {
      apply(state, view.trace.events[step - 1]);
    }
    return state;
  }

  // ---- Drawing helpers ----------------------------------------------------

  function svg(tag, attributes, parent) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      node.setAttribute(name, String(value));
    }
    if (parent) parent.appendChild(node);
    return node;
  }

  function html(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      node.setAttribute(name, String(value));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // "1 solution", "2 solutions", "1,234 steps".
  function count(number, word) {
    return `${number.toLocaleString('en')} ${word}${number === 1 ? '' : 's'}`;
  }

  function square(row, col) {
    return `row ${row}, column ${col}`;
  }

  // ---- Renderers, one per puzzle ------------------------------------------

  const renderers = {
    queens: {
      draw(board, state, event, trace) {
        const n = trace.n;
        const size = 56;
        const margin = 30;
        const extent = margin + n * size + 6;
        // Board units per screen pixel when the board is shown 600 px wide,
        // so that lines and text keep their size whatever N is.
        const px = extent / 600;
        board.replaceChildren();
        board.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
        const queens = new Map(state.stack.map((choice) => [choice.row, choice.col]));
        const x = (col) => margin + col * size;
        const y = (row) => margin + row * size;
        const centre = (v) => v + size / 2;

        const squares = svg('g', { class: 'squares' }, board);
        for (let row = 0; row < n; row += 1) {
          for (let col = 0; col < n; col += 1) {
            svg('rect', {
              class: (row + col) % 2 === 0 ? 'light' : 'dark',
              x: x(col), y: y(row), width: size, height: size,
            }, squares);
          }
        }

        // Squares attacked by the queens standing, in the rows still empty:
        // where the search cannot put the next queen.
        const attacked = svg('g', { class: 'attacks' }, board);
        for (let row = 0; row < n; row += 1) {
          if (queens.has(row)) continue;
          for (let col = 0; col < n; col += 1) {
            let hit = false;
            for (const [queenRow, queenCol] of queens) {
              if (queenCol === col || Math.abs(queenRow - row) === Math.abs(queenCol - col)) {
                hit = true;
                break;
              }
            }
            if (hit) {
              svg('rect', { class: 'attacked', x: x(col), y: y(row), width: size, height: size }, attacked);
            }
          }
        }

        const marks = svg('g', { class: 'marks' }, board);
        const kind = event ? event.event : null;
        if (kind === 'backtrack') {
          svg('rect', {
            class: 'dead-row', x: x(0), y: y(event.row), width: n * size, height: size,
            'stroke-width': 3 * px,
          }, marks);
        }
        if (kind === 'place' || kind === 'conflict' || kind === 'remove') {
          const inset = 2.5 * px;
          svg('rect', {
            class: `tried ${kind}`,
            x: x(event.col) + inset, y: y(event.row) + inset,
            width: size - 2 * inset, height: size - 2 * inset, rx: 3 * px,
            'stroke-width': 5 * px,
          }, marks);
        }

        const pieces = svg('g', { class: 'queens' }, board);
        const scale = size / 100;
        for (const [row, col] of queens) {
          const queen = svg('g', {
            class: 'queen', 'data-row': row, 'data-col': col,
            transform: `translate(${x(col)} ${y(row)}) scale(${scale})`,
          }, pieces);
          svg('path', { d: QUEEN_PATH }, queen);
        }
        if (kind === 'conflict' || kind === 'remove') {
          // The queen that was tried (and refused) or taken back, as a ghost.
          const ghost = svg('g', {
            class: `ghost ${kind}`,
            transform: `translate(${x(event.col)} ${y(event.row)}) scale(${scale})`,
          }, pieces);
          svg('path', { d: QUEEN_PATH }, ghost);
        }

        if (kind === 'conflict') {
          const [withRow, withCol] = event.with;
          const x1 = centre(x(event.col));
          const y1 = centre(y(event.row));
          const x2 = centre(x(withCol));
          const y2 = centre(y(withRow));
          const clash = svg('g', { class: 'conflict', 'data-kind': event.kind }, board);
          const ring = size * 0.47;
          svg('circle', { class: 'conflict-ring', cx: x2, cy: y2, r: ring, 'stroke-width': 3.5 * px }, clash);
          // From the tried square's edge to the ring around the queen it
          // clashes with.
          const length = Math.hypot(x2 - x1, y2 - y1);
          const ux = (x2 - x1) / length;
          const uy = (y2 - y1) / length;
          const start = size * 0.3;
          svg('line', {
            class: 'conflict-line',
            x1: x1 + ux * start, y1: y1 + uy * start,
            x2: x2 - ux * ring, y2: y2 - uy * ring,
            'stroke-width': 4 * px,
          }, clash);
          const label = event.kind;
          const font = 13 * px;
          const width = label.length * font * 0.62 + font * 1.2;
          const height = font * 1.7;
          const lx = (x1 + x2) / 2;
          const ly = (y1 + y2) / 2;
          const tag = svg('g', { class: 'conflict-label', transform: `translate(${lx} ${ly})` }, clash);
          svg('rect', { x: -width / 2, y: -height / 2, width, height, rx: height / 2 }, tag);
          svg('text', { x: 0, y: font * 0.36, 'text-anchor': 'middle', 'font-size': font }, tag)
            .textContent = label;
        }

        const labels = svg('g', { class: 'labels', 'font-size': Math.min(15 * px, size * 0.36) }, board);
        const workingRow = event && kind !== 'solution' ? event.depth : -1;
        for (let index = 0; index < n; index += 1) {
          svg('text', { x: centre(x(index)), y: margin - 10, 'text-anchor': 'middle' }, labels)
            .textContent = String(index);
          const rowLabel = svg('text', {
            x: margin - 10, y: centre(y(index)) + 5, 'text-anchor': 'end',
            class: index === workingRow ? 'working' : '',
          }, labels);
          rowLabel.textContent = index === workingRow ? `▸${index}` : String(index);
        }
        svg('rect', {
          class: 'frame', x: margin, y: margin, width: n * size, height: n * size,
          'stroke-width': (kind === 'solution' ? 5 : 2) * px,
        }, board);
      },

      describe(event, state, trace) {
        if (!event) {
          return `An empty ${trace.n}×${trace.n} board. The search will try the columns of row 0 from left to right.`;
        }
        switch (event.event) {
          case 'place':
            return `Place a queen at ${square(event.row, event.col)}: no queen attacks it. ` +
              (event.row + 1 < trace.n ? `Go on to row ${event.row + 1}.` : 'That was the last row.');
          case 'conflict': {
            const [withRow, withCol] = event.with;
            const how = event.kind === 'column' ? 'in the same column as' : `on a ${event.kind} with`;
            return `Try ${square(event.row, event.col)}: it is ${how} the queen at ${square(withRow, withCol)} ` +
              `— a ${event.kind} conflict. Try the next column.`;
          }
          case 'remove':
            return `Take the queen at ${square(event.row, event.col)} back (un-choose) and try the next column of row ${event.row}.`;
          case 'backtrack':
            return event.row === 0
              ? 'No column left in row 0: the whole tree has been searched.'
              : `No column left in row ${event.row}: back up to row ${event.row - 1}.`;
          case 'solution': {
            const cols = state.stack.map((choice) => choice.col).join(', ');
            return `Solution ${event.index}! All ${trace.n} queens stand and none attacks another: cols = [${cols}].`;
          }
          default:
            return event.event;
        }
      },

      path(state, event, trace) {
        const cols = [];
        for (let row = 0; row < trace.n; row += 1) {
          const choice = state.stack.find((c) => c.row === row);
          cols.push(choice ? String(choice.col) : '·');
        }
        const frames = [];
        state.stack.forEach((choice) => {
          frames.push({ row: choice.row, text: `column ${choice.col}`, kind: 'placed' });
        });
        if (event && event.event !== 'solution' && event.event !== 'place') {
          const row = event.depth;
          let text = '';
          if (event.event === 'conflict') text = `trying column ${event.col} ✗ ${event.kind}`;
          if (event.event === 'remove') text = `column ${event.col} taken back`;
          if (event.event === 'backtrack') text = 'no column left ⤴';
          frames.push({ row, text, kind: event.event });
        }
        return { cols: `cols = [${cols.join(', ')}]`, frames };
      },
    },
  };

  // ---- Showing a step -----------------------------------------------------

  function render() {
    const trace = view.trace;
    if (!trace) return;
    const total = trace.events.length;
    const k = view.step;
    const state = stateAt(k);
    const event = k > 0 ? trace.events[k - 1] : null;
    const renderer = renderers[trace.puzzle];
    const board = $('board');

    renderer.draw(board, state, event, trace);
    board.dataset.state = event ? event.event : 'start';
    board.classList.toggle('solved', !!event && event.event === 'solution');

    $('step-counter').textContent = `step ${k} of ${total}`;
    $('scrubber').value = String(k);

    let text = `Step ${k}: ${renderer.describe(event, state, trace)}`;
    if (k === total && total > 0) {
      text += trace.truncated
        ? ' (The trace stops here: it reached the cap.)'
        : ` The search is over: ${count(trace.summary.counters.solutions, 'solution')} in ${count(total, 'step')}.`;
    }
    const caption = $('event-text');
    caption.textContent = text;
    caption.dataset.event = event ? event.event : 'start';

    for (const name of ['placements', 'conflicts', 'backtracks', 'solutions', 'removals']) {
      $(`count-${name}`).textContent = state.counters[name].toLocaleString('en');
    }

    const path = renderer.path(state, event, trace);
    $('cols').textContent = path.cols;
    const stack = $('stack');
    stack.replaceChildren(...path.frames.map((frame) => {
      const item = html('li', { class: frame.kind });
      item.append(html('span', { class: 'frame-row' }, `row ${frame.row}`), html('span', {}, frame.text));
      return item;
    }));

    $('prev').disabled = k === 0;
    $('first-step').disabled = k === 0;
    $('next').disabled = k === total;
    $('last-step').disabled = k === total;
    $('prev-solution').disabled = !view.solutionSteps.some((s) => s < k);
    $('next-solution').disabled = !view.solutionSteps.some((s) => s > k);
  }

  function goTo(step) {
    if (!view.trace) return;
    view.step = Math.max(0, Math.min(view.trace.events.length, step));
    render();
    if (!view.playing) scheduleHash();
  }

  // ---- Playing ------------------------------------------------------------

  function setPlaying(playing) {
    view.playing = playing;
    const button = $('play');
    button.classList.toggle('playing', playing);
    button.querySelector('.label').textContent = playing ? 'pause' : 'play';
    button.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    if (playing) {
      if (view.trace && view.step >= view.trace.events.length) goTo(0);
      view.budget = 0;
      view.lastTime = performance.now();
      requestAnimationFrame(tick);
    } else {
      scheduleHash();
    }
  }

  function tick(now) {
    if (!view.playing || !view.trace) return;
    const elapsed = Math.min(1, (now - view.lastTime) / 1000);
    view.lastTime = now;
    view.budget += elapsed * view.rate;
    const advance = Math.floor(view.budget);
    if (advance > 0) {
      view.budget -= advance;
      const target = view.step + advance;
      if ($('stop-at-solutions').checked) {
        const solution = view.solutionSteps.find((s) => s > view.step && s <= target);
        if (solution !== undefined) {
          goTo(solution);
          setPlaying(false);
          return;
        }
      }
      goTo(target);
    }
    if (view.step >= view.trace.events.length) {
      setPlaying(false);
      return;
    }
    requestAnimationFrame(tick);
  }

  function setSpeed() {
    const value = Number($('speed').value);
    // 1 to 1000 steps a second on a logarithmic slider.
    view.rate = Math.max(1, Math.round(10 ** (value * 3 / 100)));
    $('speed-label').textContent = `${view.rate.toLocaleString('en')} steps/s`;
  }

  // ---- Loading a trace ----------------------------------------------------

  function showMessage(text, kind) {
    const message = $('message');
    message.textContent = text;
    message.className = `message ${kind}`;
    message.hidden = !text;
  }

  function currentParams() {
    const params = new URLSearchParams();
    params.set('puzzle', $('puzzle').value);
    for (const control of $('puzzle-params').querySelectorAll('[name]')) {
      params.set(control.name, control.value);
    }
    const mode = document.querySelector('input[name="mode"]:checked');
    params.set('mode', mode ? mode.value : 'first');
    return params;
  }

  async function load(params, step) {
    setPlaying(false);
    showMessage('', 'info');
    $('load').disabled = true;
    $('event-text').textContent = 'Running the search…';
    try {
      const response = await fetch(`/api/trace?${params}`);
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        showMessage(body.error || `The server answered ${response.status}.`, 'error');
        return;
      }
      view.trace = body;
      view.params = new URLSearchParams(params);
      prepare(body);
      const total = body.events.length;
      $('scrubber').max = String(total);
      if (body.truncated) showMessage(body.message, 'warning');
      const mode = body.mode === 'first' ? 'up to the first solution' : 'the whole tree';
      const counters = body.summary.counters;
      $('overview').textContent =
        `${body.puzzle === 'queens' ? `${body.n} queens` : body.puzzle}, ${mode}: ` +
        `${count(total, 'step')}${body.truncated ? ' (cut short)' : ''} — ` +
        `${count(counters.placements, 'placement')}, ${count(counters.conflicts, 'conflict')}, ` +
        `${count(counters.backtracks, 'backtrack')}, ${count(counters.solutions, 'solution')}.`;
      goTo(step || 0);
    } catch (error) {
      showMessage(`Could not get the trace from the server: ${error.message}`, 'error');
    } finally {
      $('load').disabled = false;
    }
  }

  // ---- The form, built from the server's catalogue ------------------------

  function buildParams(puzzle, values) {
    const holder = $('puzzle-params');
    holder.replaceChildren();
    for (const param of puzzle.parameters) {
      const label = html('label', { class: 'field' }, param.label);
      let control;
      if (param.kind === 'integer') {
        control = html('select', { name: param.name, id: `param-${param.name}` });
        for (let value = param.min; value <= param.max; value += 1) {
          control.append(html('option', { value }, String(value)));
        }
      } else {
        // Free text (a Sudoku grid, say).
        control = html('textarea', { name: param.name, id: `param-${param.name}`, rows: 3, cols: 30 });
      }
      control.value = values.get(param.name) ?? String(param.default ?? '');
      label.append(control);
      holder.append(label);
    }
    const modes = puzzle.modes || ['first', 'all'];
    const wanted = values.get('mode') || puzzle.default_mode || modes[0];
    for (const radio of document.querySelectorAll('input[name="mode"]')) {
      radio.disabled = !modes.includes(radio.value);
      radio.checked = radio.value === wanted;
    }
  }

  function hashParams() {
    return new URLSearchParams(window.location.hash.replace(/^#/, ''));
  }

  function scheduleHash() {
    clearTimeout(view.hashTimer);
    view.hashTimer = setTimeout(() => {
      if (!view.trace || !view.params) return;
      const params = new URLSearchParams(view.params);
      params.set('step', String(view.step));
      history.replaceState(null, '', `#${params}`);
    }, 250);
  }

  async function start() {
    try {
      const response = await fetch('/api/puzzles');
      view.catalogue = await response.json();
    } catch (error) {
      showMessage(`Could not reach the server: ${error.message}`, 'error');
      return;
    }
    const wanted = hashParams();
    const select = $('puzzle');
    for (const puzzle of view.catalogue.puzzles) {
      select.append(html('option', { value: puzzle.id }, puzzle.name));
    }
    const chosen = view.catalogue.puzzles.find((p) => p.id === wanted.get('puzzle')) || view.catalogue.puzzles[0];
    select.value = chosen.id;
    buildParams(chosen, wanted);
    select.addEventListener('change', () => {
      const puzzle = view.catalogue.puzzles.find((p) => p.id === select.value);
      buildParams(puzzle, new URLSearchParams());
    });
    load(currentParams(), Number(wanted.get('step')) || 0);
    // An address typed or pasted in (or history) shows what it names.
    window.addEventListener('hashchange', () => {
      clearTimeout(view.hashTimer);
      const hash = hashParams();
      const puzzle = view.catalogue.puzzles.find((p) => p.id === hash.get('puzzle'));
      if (!puzzle) return;
      const step = Number(hash.get('step')) || 0;
      hash.delete('step');
      const shown = view.params ? new URLSearchParams(view.params) : null;
      if (shown) shown.delete('step');
      if (shown && shown.toString() === hash.toString()) {
        setPlaying(false);
        goTo(step);
        return;
      }
      select.value = puzzle.id;
      buildParams(puzzle, hash);
      load(currentParams(), step);
    });
  }

  // ---- Wiring -------------------------------------------------------------

  function wire() {
    $('setup').addEventListener('submit', (event) => {
      event.preventDefault();
      load(currentParams(), 0);
    });
    $('prev').addEventListener('click', () => { setPlaying(false); goTo(view.step - 1); });
    $('next').addEventListener('click', () => { setPlaying(false); goTo(view.step + 1); });
    $('first-step').addEventListener('click', () => { setPlaying(false); goTo(0); });
    $('last-step').addEventListener('click', () => { setPlaying(false); goTo(Infinity); });
    $('prev-solution').addEventListener('click', () => {
      setPlaying(false);
      const earlier = view.solutionSteps.filter((s) => s < view.step);
      if (earlier.length) goTo(earlier[earlier.length - 1]);
    });
    $('next-solution').addEventListener('click', () => {
      setPlaying(false);
      const later = view.solutionSteps.find((s) => s > view.step);
      if (later !== undefined) goTo(later);
    });
    $('play').addEventListener('click', () => setPlaying(!view.playing));
    $('scrubber').addEventListener('input', () => {
      setPlaying(false);
      goTo(Number($('scrubber').value));
    });
    $('speed').addEventListener('input', setSpeed);
    document.addEventListener('keydown', (event) => {
      const target = event.target;
      // Form controls keep their own keys; a focused button keeps space and
      // enter (they press it) but lets the arrows step.
      if (target.closest && target.closest('input, select, textarea')) return;
      if (target.closest && target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const actions = {
        ArrowRight: 'next', ArrowLeft: 'prev', Home: 'first-step', End: 'last-step',
        n: 'next-solution', N: 'next-solution', p: 'prev-solution', P: 'prev-solution',
      };
      if (event.key === ' ') {
        event.preventDefault();
        setPlaying(!view.playing);
      } else if (actions[event.key]) {
        event.preventDefault();
        $(actions[event.key]).click();
      }
    });
    setSpeed();
  }

  wire();
  start();
})();
