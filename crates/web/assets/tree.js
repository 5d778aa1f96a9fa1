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
import { escapeText, grouped, svg } from './dom.js';

// Nodes laid out before anything is opened: all of N = 6's whole tree
// (152 placements), the top of anything bigger.
const OPEN_BUDGET = 160;

// ---- Building the tree from the events ---------------------------------

// `isNode(event)`: whether a placement is a node (every queen; a Sudoku
// guess); `sameChoice(place, remove)`: whether a removal takes back that
// placement. Returns the nodes in the order they were made (a pre-order of
// the tree), with, for every step k, the node the step is about (`focus`)
// and the node whose loop the step belongs to (`frame`).
export function build(events, isNode, sameChoice) {
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
            size: 1, solutions: 0, backtrack: 0, event,
          };
          nodes.push(node);
          top.children.push(node);
          stack.push(node);
          focus[step] = node.id;
          frame[step] = top.id;
        } else {
          top.forced.push({ step, row: event.row, col: event.col, value: event.value, event });
          focus[step] = top.id;
          frame[step] = top.id;
        }
        break;
      case 'remove':
        if (stack.length > 1 && top.step > 0 && sameChoice(top.event, event)) {
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
        top.stubs.push({ step, row: event.row, col: event.col, value: event.value || 0, event });
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

export class Panel {
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
    // The scroll position and size of the view, kept up to date here so
    // that following the current node never forces a layout.
    this.view = { left: 0, top: 0, width: host.clientWidth, height: host.clientHeight };
    host.addEventListener('scroll', () => {
      this.view.left = host.scrollLeft;
      this.view.top = host.scrollTop;
    }, { passive: true });
    new ResizeObserver(() => {
      this.view.width = host.clientWidth;
      this.view.height = host.clientHeight;
    }).observe(host);
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
    if (this.options.detail) this.options.detail(focus);
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

  // One string of markup for the whole drawing (much faster than an
  // element at a time), then the elements each step repaints.
  draw() {
    const { nodeWidth: w, nodeHeight: h } = this.options;
    const root = this.svg;
    root.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    root.setAttribute('width', this.width);
    root.setAttribute('height', this.height);
    const edges = [];
    const returns = [];
    const stubs = [];
    const nodes = [];
    const r = (v) => Math.round(v * 10) / 10;
    for (const node of this.shown) {
      if (node.parent) {
        edges.push(`<line class="tree-edge" data-for="${node.id}" x1="${r(node.parent.x)}" y1="${r(node.parent.y + h / 2)}" ` +
          `x2="${r(node.x)}" y2="${r(node.y - h / 2)}"/>`);
        // The return edge: up from the node's right side to its parent's,
        // with an arrowhead along the curve's last tangent.
        const sx = node.x + w / 2 - 4;
        const sy = node.y - h / 2;
        const ex = node.parent.x + w / 2 - 2;
        const ey = node.parent.y + h / 2;
        const cx = Math.max(sx, ex) + 14;
        const cy = (sy + ey) / 2;
        const dx = ex - cx;
        const dy = ey - cy;
        const length = Math.hypot(dx, dy) || 1;
        const ux = dx / length;
        const uy = dy / length;
        returns.push(`<g class="tree-return" data-for="${node.id}"><path d="M${r(sx)} ${r(sy)}Q${r(cx)} ${r(cy)} ${r(ex)} ${r(ey)}"/>` +
          `<path class="tree-arrow" d="M${r(ex)} ${r(ey)}L${r(ex - ux * 7 - uy * 4)} ${r(ey - uy * 7 + ux * 4)}` +
          `L${r(ex - ux * 7 + uy * 4)} ${r(ey - uy * 7 - ux * 4)}Z"/></g>`);
      }
      // A closed subtree's conflicts are inside its count.
      const closed = node.children.length && !node.open;
      for (const stub of closed ? [] : node.stubs) {
        const spread = this.options.stubSpread(stub, node);
        const x1 = node.x + spread * (w / 2 - 3);
        const y1 = node.y + h / 2;
        stubs.push(`<line class="tree-stub" data-for="${node.id}" data-step="${stub.step}" x1="${r(x1)}" y1="${r(y1)}" ` +
          `x2="${r(x1 + spread * 8)}" y2="${r(y1 + 11)}"/>`);
      }
      const lines = this.options.label(node);
      const lineHeight = Math.min(12, (h - 4) / lines.length);
      const texts = lines.map((text, index) => `<text class="${index === 0 ? 'tree-step' : 'tree-square'}" x="0" ` +
        `y="${r((index - (lines.length - 1) / 2) * lineHeight + 3.5)}" text-anchor="middle">${escapeText(text)}</text>`).join('');
      nodes.push(`<g class="tree-node" data-node="${node.id}" data-step="${node.step}" transform="translate(${r(node.x)} ${r(node.y)})">` +
        `<title>${escapeText(this.options.title(node))}</title>` +
        `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="6"/>${texts}</g>`);
      if (node.children.length && !node.open) {
        // A closed subtree: how many nodes it hides, and its solutions.
        const hidden = node.size - 1;
        const text = `+${grouped(hidden)}${node.solutions ? ` ★${node.solutions}` : ''}`;
        const width = Math.max(28, text.length * 6.4 + 10);
        nodes.push(`<g class="tree-badge" data-open="${node.id}" data-for="${node.id}" ` +
          `transform="translate(${r(node.x)} ${r(node.y + h / 2 + 14)})">` +
          `<title>${grouped(hidden)} more ${hidden === 1 ? 'node' : 'nodes'} below: click to open</title>` +
          `<rect x="${r(-width / 2)}" y="-8" width="${r(width)}" height="16" rx="8"/>` +
          `<text x="0" y="4" text-anchor="middle">${text}</text></g>`);
      } else if (node.open && node.id !== 0 && node.size > 8) {
        nodes.push(`<g class="tree-fold" data-close="${node.id}" transform="translate(${r(node.x + w / 2 + 1)} ${r(node.y - h / 2 - 1)})">` +
          '<title>close this subtree</title><circle r="5.5"/><path d="M-3 0H3"/></g>');
      }
    }
    root.innerHTML = `<g class="tree-edges">${edges.join('')}</g><g class="tree-returns">${returns.join('')}</g>` +
      `<g class="tree-stubs">${stubs.join('')}</g><g class="tree-nodes">${nodes.join('')}</g>`;
    // What each step repaints, by node.
    const byId = new Map(this.shown.map((node) => [node.id, { node, stubs: [] }]));
    for (const element of root.querySelectorAll('.tree-node')) byId.get(Number(element.dataset.node)).group = element;
    for (const element of root.querySelectorAll('.tree-edge')) byId.get(Number(element.dataset.for)).edge = element;
    for (const element of root.querySelectorAll('.tree-return')) byId.get(Number(element.dataset.for)).ret = element;
    for (const element of root.querySelectorAll('.tree-badge')) byId.get(Number(element.dataset.for)).badge = element;
    for (const element of root.querySelectorAll('.tree-stub')) {
      byId.get(Number(element.dataset.for)).stubs.push({ step: Number(element.dataset.step), line: element });
    }
    this.elements = [...byId.values()];
    this.painted = new Map();
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
      // Only what changed since the last step is touched.
      const last = this.painted.get(node.id);
      const stubKey = parts.stubs.length ? parts.stubs.filter((stub) => stub.step <= step).length * 2
        + (parts.stubs.some((stub) => stub.step === step) ? 1 : 0) : 0;
      if (last && last.cls === cls && last.stubKey === stubKey) continue;
      this.painted.set(node.id, { cls, stubKey });
      parts.group.setAttribute('class', cls);
      if (parts.edge) parts.edge.setAttribute('class', `tree-edge ${state}`);
      if (parts.ret) parts.ret.setAttribute('class', removed ? 'tree-return shown' : 'tree-return');
      for (const { step: at, line } of parts.stubs) {
        line.setAttribute('class', `tree-stub${at > step ? ' future' : ''}${at === step ? ' current' : ''}`);
      }
      if (parts.badge) parts.badge.setAttribute('class', `tree-badge${future ? ' future' : ''}`);
    }
    this.scrollTo(focus);
  }

  // Keeps the current node in sight.
  // (Scrolling waits for the next frame: set at once, it would force a
  // layout of the page at every step.)
  scrollTo(node) {
    const view = this.view;
    const margin = 40;
    let moved = false;
    if (node.x < view.left + margin || node.x > view.left + view.width - margin) {
      view.left = Math.max(0, Math.min(this.width - view.width, node.x - view.width / 2));
      moved = true;
    }
    if (node.y < view.top + margin || node.y > view.top + view.height - margin) {
      view.top = Math.max(0, Math.min(this.height - view.height, node.y - view.height / 2));
      moved = true;
    }
    if (moved && !this.scrollPending) {
      this.scrollPending = true;
      requestAnimationFrame(() => {
        this.scrollPending = false;
        this.host.scrollLeft = this.view.left;
        this.host.scrollTop = this.view.top;
      });
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
