// The search tree of a trace (built by tree-build.js) drawn as an SVG tied
// to the scrubber.
//
// Under each node hang its frame's conflicts, as short red stubs, and its
// children; a node that has been taken back gets a red return edge to its
// parent. What the scrubber has not reached yet is faint.
//
// Two ways to draw it: growing (only the nodes visited so far, numbered in
// visit order, as the tutorials draw the N-Queens tree) or whole (every
// node from step 0, faint until visited, numbered by trace step).
//
// The drawing is scaled to fit its panel when it can stay legible; when it
// cannot, the panel scrolls to keep the path from the root to the current
// node in view. A path too deep for the panel at a legible scale draws its
// top levels compactly (one line a node: N = 12 at 1366×768), and one too
// wide stands its far ancestors nearer the current node. Big trees stay
// responsive because only part of the tree is laid out: what fits the
// panel, the path to the current node, and what the learner opens. A
// closed subtree is drawn as a badge with the number of nodes it holds; a
// click opens it.
import { escapeText, grouped, svg } from './dom.js';
import { madeBy } from './tree-build.js';

// Nodes laid out before anything is opened: all of N = 6's whole tree
// (152 placements), the top of anything bigger.
const OPEN_BUDGET = 160;

// The scale of the drawing: up to this much bigger than its natural size
// for a small tree, and never smaller than this (its text must be read).
const MAX_SCALE = 1.4;
const MIN_SCALE = 0.92;
const MIN_SCALE_NARROW = 0.92; // 11 px text at the least
// A tree too big to fit is scaled down, to this at most, so that the whole
// path from the root to the current node fits the panel's height (N = 8's
// nine levels keep 10 px text at 1366×768); a deeper path draws its top
// levels compactly rather than go smaller (12 px text at this scale: 9.6 px
// on a laptop, 11 px on a phone).
const MIN_SCALE_PATH = 0.8;
const MIN_SCALE_PATH_NARROW = 0.92;
// … and up to this, when the panel is tall enough.
const BIG_TREE_SCALE = 1.15;
// The least of all, for a path too deep even when drawn compactly, on a
// wide screen (9 px text): a hard Sudoku in its short panel at 1366×768.
const LEAST_SCALE = 0.75;
// A compact level: its nodes one line high, this close to the next level.
const COMPACT_HEIGHT = 16;
const COMPACT_GAP = 6;
// Room the view keeps above the root and under the current node (its
// conflict stubs), in the drawing's units.
const ROOM_ABOVE = 6;
const ROOM_BELOW = 30;
// Room on either side for the outermost conflict stubs.
const PAD = 12;

export class Panel {
  // `host`: the scrolling element; `options`: { goTo(step), label(node,
  // numbering) → [lines] (numbering: 'visit' or 'step'), short?(node,
  // numbering) → the line of a compact node, title(node) →
  // text, stubSpread(stub, node) → -1..1, slot, levelHeight, nodeWidth,
  // nodeHeight, detail?(node) }.
  constructor(host, options) {
    this.host = host;
    this.options = options;
    this.tree = null;
    this.mode = 'whole';
    this.svg = svg('svg', { class: 'tree', role: 'group', 'aria-label': 'Search tree' }, host);
    this.userOpen = new Set();
    this.userClosed = new Set();
    this.layoutKey = '';
    this.step = -1;
    this.scale = 1;
    this.svg.addEventListener('click', (event) => this.click(event));
    // Nodes, stubs and badges are buttons for the keyboard too.
    this.svg.addEventListener('keydown', (event) => {
      if ((event.key === 'Enter' || event.key === ' ') && event.target.closest('[tabindex]')) {
        event.preventDefault();
        event.stopPropagation();
        this.click(event);
      }
    });
    // The scroll position and size of the view, kept up to date here so
    // that following the current node never forces a layout.
    this.view = { left: 0, top: 0, width: host.clientWidth, height: host.clientHeight };
    host.addEventListener('scroll', () => {
      this.view.left = host.scrollLeft;
      this.view.top = host.scrollTop;
    }, { passive: true });
    new ResizeObserver(() => {
      const width = host.clientWidth;
      const height = host.clientHeight;
      if (width === this.view.width && height === this.view.height) return;
      this.view.width = width;
      this.view.height = height;
      if (this.tree && this.step >= 0) this.relayout();
    }).observe(host);
  }

  // `mode`: 'growing' or 'whole'.
  load(tree, mode) {
    this.tree = tree;
    this.mode = mode || 'whole';
    this.userOpen = new Set();
    this.userClosed = new Set();
    this.layoutKey = '';
    this.step = -1;
    this.drawn = false;
    this.open = this.openToFit();
    // The depth of the whole tree: a big tree's scale is that of its
    // whole height, so that it stays the same from step to step.
    this.depth = tree.nodes.reduce((deepest, node) => Math.max(deepest, node.level), 0);
  }

  setMode(mode) {
    this.mode = mode;
    this.relayout();
  }

  clear() {
    this.tree = null;
    this.drawn = false;
    this.svg.replaceChildren();
    this.svg.setAttribute('width', 0);
    this.svg.setAttribute('height', 0);
  }

  // The nodes open before the learner opens any: all of a small tree (all
  // of N = 6's); of a bigger one, level by level what fits the panel's
  // width, so that the path to any node stays near the root.
  openToFit() {
    const { nodes } = this.tree;
    if (nodes.length <= OPEN_BUDGET + 1) return new Set(nodes.map((node) => node.id));
    const room = Math.max(8, Math.floor(this.view.width / (this.options.slot * MIN_SCALE)));
    const open = new Set([0]);
    let leaves = nodes[0].children.length;
    let level = [nodes[0]];
    while (level.length) {
      const next = [];
      for (const node of level) {
        for (const child of node.children) {
          if (child.children.length && leaves + child.children.length - 1 <= room) {
            open.add(child.id);
            leaves += child.children.length - 1;
            next.push(child);
          }
        }
      }
      level = next;
    }
    return open;
  }

  isOpen(node, forced) {
    if (node.id === 0) return true;
    if (forced.has(node.id)) return true;
    if (this.userClosed.has(node.id)) return false;
    return this.userOpen.has(node.id) || this.open.has(node.id);
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
    // Growing: the nodes made by this step, and no other.
    const limit = this.mode === 'growing' ? madeBy(this.tree.nodes, step) : this.tree.nodes.length;
    const closed = [...forced].filter((id) => !this.isOpen(this.tree.nodes[id], new Set())).join(',');
    const key = `${closed}|${limit}`;
    let laid = false;
    if (key !== this.layoutKey || !this.drawn) {
      this.layoutKey = key;
      this.layout(forced, limit);
      laid = true;
    }
    const placed = this.position(focus);
    if (laid || placed !== this.placedKey) {
      this.placedKey = placed;
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

  // Which nodes are shown, and where each would stand in a tree drawn
  // whole (`x0`): leaves (and closed nodes) take slots from left to right,
  // a parent stands over the middle of its children. Then the scale that
  // fits the panel, as far as the text stays legible.
  layout(forced, limit) {
    const { slot, levelHeight } = this.options;
    const shown = [];
    let next = 0;
    let deepest = 0;
    const place = (node) => {
      shown.push(node);
      deepest = Math.max(deepest, node.level);
      const kids = node.children.filter((child) => child.id < limit);
      node.open = kids.length > 0 && this.isOpen(node, forced);
      node.kids = node.open ? kids : [];
      // The nodes a closed subtree hides (made by now, when growing): its
      // descendants are the ids just after it.
      node.hidden = node.open ? 0 : Math.max(0, Math.min(limit, node.id + node.size) - node.id - 1);
      if (node.open) {
        for (const child of kids) place(child);
        node.x0 = (kids[0].x0 + kids[kids.length - 1].x0) / 2;
      } else {
        node.x0 = PAD + (next + 0.5) * slot;
        next += 1;
      }
      node.x = node.x0;
    };
    place(this.tree.nodes[0]);
    this.shown = shown;
    this.deepest = deepest;
    this.width = Math.max(next, 1) * slot + 2 * PAD;
    const height = 24 + (deepest + 1) * levelHeight + 10;
    const narrow = this.view.width < 500;
    const least = narrow ? MIN_SCALE_NARROW : MIN_SCALE;
    const fit = Math.min(this.view.width / this.width, this.view.height / height) || 1;
    const fullHeight = 24 + (this.depth + 1) * levelHeight + 10;
    // The whole drawing when it fits legibly; else at least its height
    // (so that any path from the root fits, the panel scrolling along it),
    // as far as the text stays readable.
    this.big = this.open.size < this.tree.nodes.length;
    this.scale = fit >= least && !this.big
      ? Math.min(MAX_SCALE, fit)
      : Math.max(narrow ? MIN_SCALE_PATH_NARROW : MIN_SCALE_PATH,
        Math.min(BIG_TREE_SCALE, (this.view.height - 16) / fullHeight));
    // A path so deep that even drawn compactly it would not fit: smaller
    // text, as far as it stays legible (beyond, the view follows the
    // current node and the root may scroll away).
    const { nodeHeight: h } = this.options;
    const compactPath = ROOM_ABOVE + this.depth * (COMPACT_HEIGHT + COMPACT_GAP) + h + ROOM_BELOW;
    if (!narrow && compactPath * this.scale > this.view.height - 4) {
      this.scale = Math.max(LEAST_SCALE, Math.min(this.scale, (this.view.height - 4) / compactPath));
    }
  }

  // How many levels, from the root down, are drawn compactly so that the
  // path from the root to `focus` (and the stubs under it) fits the view's
  // height at this scale: none while it fits.
  compactLevels(focus) {
    const { levelHeight, nodeHeight: h } = this.options;
    const room = (this.view.height - 4) / this.scale;
    const over = ROOM_ABOVE + focus.level * levelHeight + h + ROOM_BELOW - room;
    const saved = levelHeight - COMPACT_HEIGHT - COMPACT_GAP;
    if (over <= 0 || saved <= 0) return 0;
    return Math.min(focus.level, Math.ceil(over / saved));
  }

  // Where each node shown stands while `focus` is the current node; returns
  // what the drawing depends on, so that it is redrawn only when that
  // changes. The path to `focus` is kept in the view's width: a big tree
  // stands it on a spine (each node of the path right over the next); in a
  // smaller tree, the ancestors too far to the side to fit the view with
  // `focus` stand at its edge. Levels too many for the view's height are
  // drawn compactly, from the root down.
  position(focus) {
    const { levelHeight, nodeHeight: h, nodeWidth: w } = this.options;
    for (const node of this.shown) node.x = node.x0;
    let bent = '';
    if (this.big) {
      for (let node = focus; node.parent; node = node.parent) node.parent.x = node.x;
      bent = focus.id;
    } else {
      let minX = Infinity;
      let maxX = -Infinity;
      for (let node = focus; node; node = node.parent) {
        minX = Math.min(minX, node.x0);
        maxX = Math.max(maxX, node.x0);
      }
      const room = this.view.width / this.scale - w - 20;
      if (maxX - minX > room) {
        const rootLeft = this.tree.nodes[0].x0 <= focus.x0;
        const low = rootLeft ? Math.max(minX, focus.x0 - room) : Math.min(maxX, focus.x0 + room) - room;
        for (let node = focus.parent; node; node = node.parent) {
          node.x = Math.min(low + room, Math.max(low, node.x0));
        }
        bent = focus.id;
      }
    }
    const compact = this.compactLevels(focus);
    // The top of each level's boxes.
    const tops = [];
    let top = 24 - h / 2;
    for (let level = 0; level <= this.deepest; level += 1) {
      tops.push(top);
      top += level < compact ? COMPACT_HEIGHT + COMPACT_GAP : levelHeight;
    }
    for (const node of this.shown) {
      node.compact = node.level < compact;
      node.y = tops[node.level] + (node.compact ? COMPACT_HEIGHT : h) / 2;
    }
    this.tops = tops;
    this.height = tops[this.deepest] + h / 2 + levelHeight + 10;
    return `${bent}|${compact}`;
  }

  // One string of markup for the whole drawing (much faster than an
  // element at a time), then the elements each step repaints.
  draw() {
    const { nodeWidth: w, nodeHeight: h } = this.options;
    const numbering = this.mode === 'growing' ? 'visit' : 'step';
    const root = this.svg;
    root.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    root.setAttribute('width', Math.round(this.width * this.scale));
    root.setAttribute('height', Math.round(this.height * this.scale));
    root.dataset.scale = this.scale.toFixed(3);
    root.dataset.mode = this.mode;
    const edges = [];
    const returns = [];
    const stubs = [];
    const nodes = [];
    const r = (v) => Math.round(v * 10) / 10;
    // A compact node: one line high, without its stubs and badge.
    const half = (node) => (node.compact ? COMPACT_HEIGHT : h) / 2;
    for (const node of this.shown) {
      const nh = half(node) * 2;
      if (node.parent) {
        edges.push(`<line class="tree-edge" data-for="${node.id}" x1="${r(node.parent.x)}" y1="${r(node.parent.y + half(node.parent))}" ` +
          `x2="${r(node.x)}" y2="${r(node.y - nh / 2)}"/>`);
        // The return edge: up from the node's right side to its parent's,
        // with an arrowhead along the curve's last tangent.
        const sx = node.x + w / 2 - 4;
        const sy = node.y - nh / 2;
        const ex = node.parent.x + w / 2 - 2;
        const ey = node.parent.y + half(node.parent);
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
      const closed = node.hidden > 0 && !node.compact;
      for (const stub of closed || node.compact ? [] : node.stubs) {
        const spread = this.options.stubSpread(stub, node);
        const x1 = node.x + spread * (w / 2 - 3);
        const y1 = node.y + h / 2;
        stubs.push(`<line class="tree-stub" data-for="${node.id}" data-step="${stub.step}" tabindex="0" role="button" ` +
          `aria-label="a conflict at step ${stub.step}: go to it" x1="${r(x1)}" y1="${r(y1)}" ` +
          `x2="${r(x1 + spread * 8)}" y2="${r(y1 + 11)}"/>`);
      }
      const lines = node.compact
        ? [this.options.short ? this.options.short(node, numbering) : this.options.label(node, numbering)[0]]
        : this.options.label(node, numbering);
      const lineHeight = Math.min(12, (nh - 4) / lines.length);
      const texts = lines.map((text, index) => `<text class="${index === 0 ? 'tree-step' : 'tree-square'}" x="0" ` +
        `y="${r((index - (lines.length - 1) / 2) * lineHeight + 3.5)}" text-anchor="middle">${escapeText(text)}</text>`).join('');
      const title = escapeText(this.options.title(node));
      nodes.push(`<g class="tree-node" data-node="${node.id}" data-step="${node.step}" tabindex="0" role="button" ` +
        `aria-label="${title.replace(/"/g, '&quot;')}" transform="translate(${r(node.x)} ${r(node.y)})">` +
        `<title>${title}</title>` +
        `<rect x="${-w / 2}" y="${-nh / 2}" width="${w}" height="${nh}" rx="6"/>${texts}</g>`);
      if (closed) {
        // A closed subtree: how many nodes it hides, and its solutions.
        const hidden = node.hidden;
        const text = `+${grouped(hidden)}${node.solutions && this.mode === 'whole' ? ` ★${node.solutions}` : ''}`;
        const width = Math.max(28, text.length * 6.4 + 10);
        nodes.push(`<g class="tree-badge" data-open="${node.id}" data-for="${node.id}" tabindex="0" role="button" ` +
          `aria-label="${grouped(hidden)} more ${hidden === 1 ? 'node' : 'nodes'} below: open" ` +
          `transform="translate(${r(node.x)} ${r(node.y + h / 2 + 14)})">` +
          `<title>${grouped(hidden)} more ${hidden === 1 ? 'node' : 'nodes'} below: click to open</title>` +
          `<rect x="${r(-width / 2)}" y="-8" width="${r(width)}" height="16" rx="8"/>` +
          `<text x="0" y="4" text-anchor="middle">${text}</text></g>`);
      } else if (node.open && !node.compact && node.id !== 0 && node.size > 8 && this.big) {
        nodes.push(`<g class="tree-fold" data-close="${node.id}" tabindex="0" role="button" aria-label="close this subtree" ` +
          `transform="translate(${r(node.x + w / 2 + 1)} ${r(node.y - h / 2 - 1)})">` +
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
      if (node.id === focus.id) parts.group.setAttribute('aria-current', 'step');
      else parts.group.removeAttribute('aria-current');
      if (parts.edge) parts.edge.setAttribute('class', `tree-edge ${state}`);
      if (parts.ret) parts.ret.setAttribute('class', removed ? 'tree-return shown' : 'tree-return');
      for (const { step: at, line } of parts.stubs) {
        line.setAttribute('class', `tree-stub${at > step ? ' future' : ''}${at === step ? ' current' : ''}`);
      }
      if (parts.badge) parts.badge.setAttribute('class', `tree-badge${future ? ' future' : ''}`);
    }
    this.scrollTo(focus);
  }

  // Keeps the path from the root to the current node in sight: all of it
  // when it fits the view, else the current node and as much of the path
  // above it as fits. The view moves only when it must.
  // (Scrolling waits for the next frame: set at once, it would force a
  // layout of the page at every step.)
  scrollTo(focus) {
    const view = this.view;
    const s = this.scale;
    const { nodeWidth: w, nodeHeight: h } = this.options;
    let minX = Infinity;
    let maxX = -Infinity;
    for (let node = focus; node; node = node.parent) {
      minX = Math.min(minX, node.x);
      maxX = Math.max(maxX, node.x);
    }
    const root = this.tree.nodes[0];
    // Room for the nodes' boxes and the stubs under the current node.
    const box = {
      left: (minX - w / 2 - 8) * s, right: (maxX + w / 2 + 8) * s,
      top: (this.tops[0] - ROOM_ABOVE) * s, bottom: (this.tops[focus.level] + h + ROOM_BELOW) * s,
    };
    // Along one axis: the view's new start, given the box to show and,
    // when the box is bigger than the view, where the current node's edge
    // must be (`edge`, and whether it is the view's far side).
    const follow = (start, size, low, high, edge, far, extent) => {
      let next = start;
      if (high - low <= size) {
        if (low < next) next = low;
        if (high > next + size) next = high - size;
      } else {
        next = far ? edge - size : edge;
      }
      return Math.max(0, Math.min(Math.max(0, extent - size), next));
    };
    const rootLeft = root.x <= focus.x;
    const edgeX = (rootLeft ? focus.x + w / 2 + 8 : focus.x - w / 2 - 8) * s;
    const left = follow(view.left, view.width, box.left, box.right, edgeX, rootLeft, this.width * s);
    const top = follow(view.top, view.height, box.top, box.bottom, box.bottom, true, this.height * s);
    if (left === view.left && top === view.top) return;
    view.left = left;
    view.top = top;
    if (!this.scrollPending) {
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
