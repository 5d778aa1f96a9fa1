// The search tree of a trace, built once from its events and drawn as an
// SVG tied to the scrubber.
//
// A node is a choice the search made and later took back: for N-Queens
// every placement, for Sudoku every guess (the digits a guess forces are
// listed in its node, not drawn as nodes of their own). Under each node hang
// its frame's conflicts, as short red stubs, and its children; a node that
// has been taken back gets a red return edge to its parent. What the
// scrubber has not reached yet is faint.
//
// Big trees stay responsive because only part of the tree is laid out: the
// top levels up to a budget of nodes, the path to the current node, and
// what the learner opens. A closed subtree is drawn as a badge with the
// number of nodes it holds; a click opens it.
'use strict';

window.PuzzlesTree = (() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';
  // Nodes laid out before anything is opened: all of N = 6's whole tree
  // (152 placements), the top of anything bigger.
  const OPEN_BUDGET = 160;

  function svg(tag, attributes, parent) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    if (parent) parent.appendChild(node);
    return node;
  }

  // ---- Building the tree from the events ---------------------------------

  // `isNode(event)`: whether a placement is a node (every queen; a Sudoku
  // guess). Returns the nodes in the order they were made (a pre-order of
  // the tree), with, for every step k, the node the step is about (`focus`)
  // and the node whose loop the step belongs to (`frame`).
  function build(events, isNode) {
    const root = {
      id: 0, step: 0, end: Infinity, parent: null, children: [], stubs: [], forced: [],
      level: 0, row: -1, col: -1, value: 0, size: 1, solutions: 0, backtrack: 0,
    };
    const nodes = [root];
    const focus = new Int32Array(events.length + 1);
    const frame = new Int32Array(events.length + 1);
    const stack = [root];
    events.forEach((event, index) => {
      const step = index + 1;
      const top = stack[stack.length - 1];
      switch (event.event) {
        case 'place':
          if (isNode(event)) {
            const node = {
              id: nodes.length, step, end: Infinity, parent: top, children: [], stubs: [], forced: [],
              level: top.level + 1, row: event.row, col: event.col, value: event.value || 0,
              size: 1, solutions: 0, backtrack: 0,
            };
            nodes.push(node);
            top.children.push(node);
            stack.push(node);
            focus[step] = node.id;
            frame[step] = top.id;
          } else {
            top.forced.push({ step, row: event.row, col: event.col, value: event.value });
            focus[step] = top.id;
            frame[step] = top.id;
          }
          break;
        case 'remove':
          if (stack.length > 1 && top.row === event.row && top.col === event.col && top.value === (event.value || 0)
            && top.step > 0) {
            top.end = step;
            stack.pop();
            focus[step] = top.id;
            frame[step] = top.parent.id;
          } else {
            focus[step] = top.id;
            frame[step] = top.id;
          }
          break;
        case 'conflict':
          top.stubs.push({ step, row: event.row, col: event.col, value: event.value || 0 });
          focus[step] = top.id;
          frame[step] = top.id;
          break;
        case 'backtrack':
          top.backtrack = step;
          focus[step] = top.id;
          frame[step] = top.id;
          break;
        case 'solution':
          top.solutionStep = step;
          top.solutions += 1;
          focus[step] = top.id;
          frame[step] = top.id;
          break;
        default:
          focus[step] = top.id;
          frame[step] = top.id;
      }
    });
    // Sizes and solution counts of the subtrees: children come after their
    // parent in `nodes`, so one backward pass adds each into its parent.
    for (let i = nodes.length - 1; i > 0; i -= 1) {
      nodes[i].parent.size += nodes[i].size;
      nodes[i].parent.solutions += nodes[i].solutions;
    }
    // The nodes open at the start: level by level while the budget lasts.
    const open = new Set([0]);
    let shown = 1 + root.children.length;
    let level = [root];
    while (level.length) {
      const next = [];
      for (const node of level) {
        for (const child of node.children) {
          if (child.children.length && shown + child.children.length <= OPEN_BUDGET) {
            open.add(child.id);
            shown += child.children.length;
            next.push(child);
          }
        }
      }
      level = next;
    }
    return { nodes, focus, frame, initiallyOpen: open };
  }

  // ---- The panel ----------------------------------------------------------

  class Panel {
    // `host`: the scrolling element; `options`: { goTo(step), label(node)
    // → [lines], title(node) → text, stubSpread(stub, node) → -1..1, slot,
    // nodeWidth, nodeHeight }.
    constructor(host, options) {
      this.host = host;
      this.options = options;
      this.tree = null;
      this.svg = svg('svg', { class: 'tree', role: 'group', 'aria-label': 'Search tree' }, host);
      this.userOpen = new Set();
      this.userClosed = new Set();
      this.layoutKey = '';
      this.step = -1;
      this.svg.addEventListener('click', (event) => this.click(event));
    }

    load(tree) {
      this.tree = tree;
      this.userOpen = new Set();
      this.userClosed = new Set();
      this.layoutKey = '';
      this.step = -1;
      this.drawn = false;
    }

    clear() {
      this.tree = null;
      this.drawn = false;
      this.svg.replaceChildren();
      this.svg.setAttribute('width', 0);
      this.svg.setAttribute('height', 0);
    }

    isOpen(node, forced) {
      if (node.id === 0) return true;
      if (forced.has(node.id)) return true;
      if (this.userClosed.has(node.id)) return false;
      return this.userOpen.has(node.id) || this.tree.initiallyOpen.has(node.id);
    }

    // The nodes that must be open for `focus` to be seen: its ancestors.
    forcedOpen(focus) {
      const forced = new Set();
      for (let node = focus.parent; node; node = node.parent) forced.add(node.id);
      return forced;
    }

    show(step) {
      if (!this.tree) return;
      const focus = this.tree.nodes[this.tree.focus[Math.min(step, this.tree.focus.length - 1)]];
      const forced = this.forcedOpen(focus);
      const key = [...forced].filter((id) => !this.isOpen(this.tree.nodes[id], new Set())).join(',');
      if (key !== this.layoutKey || !this.drawn) {
        this.layoutKey = key;
        this.layout(forced);
        this.draw();
      }
      this.step = step;
      this.paint(step, focus);
    }

    relayout() {
      this.layoutKey = null;
      const step = this.step;
      this.step = -1;
      this.show(step < 0 ? 0 : step);
    }

    // Positions for the nodes shown: leaves (and closed nodes) take slots
    // from left to right, a parent stands over the middle of its children.
    layout(forced) {
      const { slot, levelHeight } = this.options;
      const shown = [];
      let next = 0;
      const place = (node) => {
        shown.push(node);
        node.open = node.children.length > 0 && this.isOpen(node, forced);
        if (node.open) {
          for (const child of node.children) place(child);
          const first = node.children[0];
          const last = node.children[node.children.length - 1];
          node.x = (first.x + last.x) / 2;
        } else {
          node.x = (next + 0.5) * slot;
          next += 1;
        }
        node.y = 24 + node.level * levelHeight;
      };
      place(this.tree.nodes[0]);
      this.shown = shown;
      this.width = Math.max(next, 1) * slot;
      this.height = 24 + (Math.max(...shown.map((node) => node.level)) + 1) * levelHeight + 10;
    }

    draw() {
      const { nodeWidth: w, nodeHeight: h } = this.options;
      const root = this.svg;
      root.replaceChildren();
      root.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
      root.setAttribute('width', this.width);
      root.setAttribute('height', this.height);
      const edges = svg('g', { class: 'tree-edges' }, root);
      const returns = svg('g', { class: 'tree-returns' }, root);
      const stubs = svg('g', { class: 'tree-stubs' }, root);
      const nodes = svg('g', { class: 'tree-nodes' }, root);
      this.elements = [];
      for (const node of this.shown) {
        const parts = { node };
        if (node.parent) {
          parts.edge = svg('line', {
            class: 'tree-edge', x1: node.parent.x, y1: node.parent.y + h / 2, x2: node.x, y2: node.y - h / 2,
          }, edges);
          // The return edge: up from the node's right side to its parent's.
          const sx = node.x + w / 2 - 4;
          const sy = node.y - h / 2;
          const ex = node.parent.x + w / 2 - 2;
          const ey = node.parent.y + h / 2;
          const cx = Math.max(sx, ex) + 14;
          const cy = (sy + ey) / 2;
          const ret = svg('g', { class: 'tree-return' }, returns);
          svg('path', { d: `M${sx} ${sy}Q${cx} ${cy} ${ex} ${ey}` }, ret);
          // The arrowhead at the parent, along the curve's last tangent.
          const dx = ex - cx;
          const dy = ey - cy;
          const length = Math.hypot(dx, dy) || 1;
          const ux = dx / length;
          const uy = dy / length;
          svg('path', {
            class: 'tree-arrow',
            d: `M${ex} ${ey}L${ex - ux * 7 - uy * 4} ${ey - uy * 7 + ux * 4}L${ex - ux * 7 + uy * 4} ${ey - uy * 7 - ux * 4}Z`,
          }, ret);
          parts.ret = ret;
        }
        parts.stubs = node.stubs.map((stub) => {
          const spread = this.options.stubSpread(stub, node);
          const x1 = node.x + spread * (w / 2 - 3);
          const y1 = node.y + h / 2;
          const line = svg('line', {
            class: 'tree-stub', x1, y1, x2: x1 + spread * 8, y2: y1 + 11, 'data-step': stub.step,
          }, stubs);
          svg('title', {}, line).textContent = `step ${stub.step}: conflict`;
          return { stub, line };
        });
        const group = svg('g', {
          class: 'tree-node', 'data-node': node.id, 'data-step': node.step, transform: `translate(${node.x} ${node.y})`,
          tabindex: -1,
        }, nodes);
        svg('title', {}, group).textContent = this.options.title(node);
        svg('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: 6 }, group);
        const lines = this.options.label(node);
        const lineHeight = Math.min(12, (h - 4) / lines.length);
        lines.forEach((text, index) => {
          svg('text', {
            class: index === 0 ? 'tree-step' : 'tree-square',
            x: 0, y: (index - (lines.length - 1) / 2) * lineHeight + 3.5, 'text-anchor': 'middle',
          }, group).textContent = text;
        });
        if (node.children.length && !node.open) {
          // A closed subtree: how many nodes it hides, and its solutions.
          const hidden = node.size - 1;
          const badge = svg('g', {
            class: 'tree-badge', 'data-open': node.id, transform: `translate(${node.x} ${node.y + h / 2 + 14})`,
          }, nodes);
          const text = `+${hidden.toLocaleString('en')}${node.solutions ? ` ★${node.solutions}` : ''}`;
          const width = Math.max(28, text.length * 6.4 + 10);
          svg('rect', { x: -width / 2, y: -8, width, height: 16, rx: 8 }, badge);
          svg('text', { x: 0, y: 4, 'text-anchor': 'middle' }, badge).textContent = text;
          svg('title', {}, badge).textContent =
            `${hidden.toLocaleString('en')} more ${hidden === 1 ? 'node' : 'nodes'} below: click to open`;
          parts.badge = badge;
        } else if (node.open && node.id !== 0 && node.size > 8) {
          const fold = svg('g', {
            class: 'tree-fold', 'data-close': node.id, transform: `translate(${node.x + w / 2 + 1} ${node.y - h / 2 - 1})`,
          }, nodes);
          svg('circle', { r: 5.5 }, fold);
          svg('path', { d: 'M-3 0H3' }, fold);
          svg('title', {}, fold).textContent = 'close this subtree';
        }
        parts.group = group;
        this.elements.push(parts);
      }
      this.drawn = true;
    }

    // The classes of step `step`: visited or not, on the current path,
    // taken back, current.
    paint(step, focus) {
      const onPath = new Set();
      for (let node = focus; node; node = node.parent) if (node.end > step) onPath.add(node.id);
      for (const parts of this.elements) {
        const { node } = parts;
        const future = node.step > step;
        const removed = node.end <= step;
        const state = future ? 'future' : removed ? 'removed' : onPath.has(node.id) ? 'path' : 'visited';
        let cls = `tree-node ${state}`;
        if (node.id === focus.id) cls += ' current';
        if (node.solutions && !future && node.solutionStep !== undefined && node.solutionStep <= step) cls += ' solved';
        parts.group.setAttribute('class', cls);
        if (parts.edge) parts.edge.setAttribute('class', `tree-edge ${state}`);
        if (parts.ret) parts.ret.setAttribute('class', removed ? 'tree-return shown' : 'tree-return');
        for (const { stub, line } of parts.stubs) {
          line.setAttribute('class', `tree-stub${stub.step > step ? ' future' : ''}${stub.step === step ? ' current' : ''}`);
        }
        if (parts.badge) parts.badge.setAttribute('class', `tree-badge${future ? ' future' : ''}`);
      }
      this.scrollTo(focus);
    }

    // Keeps the current node in sight.
    scrollTo(node) {
      const host = this.host;
      const margin = 40;
      const left = host.scrollLeft;
      const top = host.scrollTop;
      if (node.x < left + margin || node.x > left + host.clientWidth - margin) {
        host.scrollLeft = Math.max(0, node.x - host.clientWidth / 2);
      }
      if (node.y < top + margin || node.y > top + host.clientHeight - margin) {
        host.scrollTop = Math.max(0, node.y - host.clientHeight / 2);
      }
    }

    click(event) {
      const target = event.target.closest('[data-open], [data-close], [data-node], [data-step]');
      if (!target) return;
      if (target.dataset.open !== undefined) {
        const id = Number(target.dataset.open);
        this.userClosed.delete(id);
        this.userOpen.add(id);
        this.relayout();
      } else if (target.dataset.close !== undefined) {
        const id = Number(target.dataset.close);
        this.userOpen.delete(id);
        this.userClosed.add(id);
        this.relayout();
      } else {
        this.options.goTo(Number(target.dataset.step));
      }
    }
  }

  return { build, Panel };
})();
