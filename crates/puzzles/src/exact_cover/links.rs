//! The dancing-links table of Knuth's Algorithm X (TAOCP 7.2.2.1), kept in
//! flat `u32` arrays so that covering and uncovering touch no allocator and
//! a copy of the table is a handful of `memcpy`s.
//!
//! Layout, as in Knuth's description:
//!
//! - items are numbered `1..=items`; item `0` heads the circular list of
//!   active primary items and item `items + 1` heads the list of secondary
//!   items (which the search never branches on);
//! - nodes `1..=items` are the item headers of the vertical lists; then come
//!   a spacer and, for each option, its nodes followed by another spacer.
//!   A spacer's `top` is `-k` for the spacer before option `k`; its `ulink`
//!   points at the first node of the option before it and its `dlink` at the
//!   last node of the option after it.

use super::problem::Problem;

/// The linked table of a problem, in its initial state or partway through a
/// search (covering is undone exactly by uncovering).
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// Number of items, primary and secondary.
    items: u32,
    /// Horizontal links of the item lists, indexed by item (`0..=items+1`).
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// How many active options each item still has, indexed by item.
    len: Vec<u32>,
    /// The item of a node, or `-k` for the spacer before option `k`.
    top: Vec<i32>,
    /// Vertical links of every node.
    ulink: Vec<u32>,
    dlink: Vec<u32>,
}

impl Links {
    pub(crate) fn new(problem: &Problem) -> Links {
        let items = problem.item_count() as u32;
        let primary = problem.primary_count() as u32;
        let header_nodes = items as usize + 1;
        let nodes = header_nodes + problem.option_count() + 1 + problem.node_count();

        let mut llink = vec![0; items as usize + 2];
        let mut rlink = vec![0; items as usize + 2];
        // Primary items 1..=primary in a circle through 0, secondary items
        // primary+1..=items in a circle through items+1.
        let lists = [(0, 1..=primary), (items + 1, primary + 1..=items)];
        for (head, members) in lists {
            let mut previous = head;
            for item in members {
                llink[item as usize] = previous;
                rlink[previous as usize] = item;
                previous = item;
            }
            rlink[previous as usize] = head;
            llink[head as usize] = previous;
        }

        let mut top = vec![0i32; nodes];
        let mut ulink = vec![0u32; nodes];
        let mut dlink = vec![0u32; nodes];
        let mut len = vec![0u32; items as usize + 2];
        for item in 1..=items as usize {
            ulink[item] = item as u32;
            dlink[item] = item as u32;
        }
        let mut spacer = header_nodes;
        top[spacer] = 0;
        let mut node = spacer + 1;
        for (index, option) in problem.options().enumerate() {
            let first = node;
            for &item in option {
                let item = item + 1;
                top[node] = item as i32;
                len[item] += 1;
                // At the bottom of the column, so that the column lists
                // its options in input order, the order the search tries them.
                let last = ulink[item] as usize;
                ulink[node] = last as u32;
                dlink[node] = item as u32;
                dlink[last] = node as u32;
                ulink[item] = node as u32;
                node += 1;
            }
            dlink[spacer] = (node - 1) as u32;
            spacer = node;
            top[spacer] = -((index + 1) as i32);
            ulink[spacer] = first as u32;
            node += 1;
        }
        debug_assert_eq!(node, nodes);
        Links {
            items,
            llink,
            rlink,
            len,
            top,
            ulink,
            dlink,
        }
    }

    /// `true` when every primary item is covered.
    #[inline]
    pub(crate) fn all_covered(&self) -> bool {
        self.rlink[0] == 0
    }

    /// The active primary item with the fewest options left (the first in
    /// item order among ties) — Knuth's "minimum remaining values" — except
    /// that the scan stops at the first item with at most one option: that
    /// branch is forced, and an item with none further on ends the search
    /// one level down all the same. Scanning on made a problem whose items
    /// all have one option quadratic (180,000 items took 25 s).
    #[inline]
    pub(crate) fn choose_item(&self) -> u32 {
        let mut item = self.rlink[0];
        let mut best = item;
        let mut fewest = u32::MAX;
        while item != 0 {
            let len = self.len[item as usize];
            if len < fewest {
                best = item;
                fewest = len;
                if len <= 1 {
                    break;
                }
            }
            item = self.rlink[item as usize];
        }
        best
    }

    /// Takes the options through `node` out of every other column.
    #[inline]
    fn hide(&mut self, node: u32) {
        let mut q = node + 1;
        while q != node {
            let x = self.top[q as usize];
            let (u, d) = (self.ulink[q as usize], self.dlink[q as usize]);
            if x <= 0 {
                q = u;
            } else {
                self.dlink[u as usize] = d;
                self.ulink[d as usize] = u;
                self.len[x as usize] -= 1;
                q += 1;
            }
        }
    }

    #[inline]
    fn unhide(&mut self, node: u32) {
        let mut q = node - 1;
        while q != node {
            let x = self.top[q as usize];
            let (u, d) = (self.ulink[q as usize], self.dlink[q as usize]);
            if x <= 0 {
                q = d;
            } else {
                self.dlink[u as usize] = q;
                self.ulink[d as usize] = q;
                self.len[x as usize] += 1;
                q -= 1;
            }
        }
    }

    /// Removes `item` from its item list and every option through it from
    /// the other columns.
    #[inline]
    pub(crate) fn cover(&mut self, item: u32) {
        let mut p = self.dlink[item as usize];
        while p != item {
            self.hide(p);
            p = self.dlink[p as usize];
        }
        let (l, r) = (self.llink[item as usize], self.rlink[item as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
    }

    /// Undoes [`Links::cover`]; calls must nest.
    #[inline]
    pub(crate) fn uncover(&mut self, item: u32) {
        let (l, r) = (self.llink[item as usize], self.rlink[item as usize]);
        self.rlink[l as usize] = item;
        self.llink[r as usize] = item;
        let mut p = self.ulink[item as usize];
        while p != item {
            self.unhide(p);
            p = self.ulink[p as usize];
        }
    }

    /// Covers the items of the option through `node` other than the one
    /// `node` sits in (Knuth's step X5).
    #[inline]
    pub(crate) fn commit(&mut self, node: u32) {
        let mut p = node + 1;
        while p != node {
            let j = self.top[p as usize];
            if j <= 0 {
                p = self.ulink[p as usize];
            } else {
                self.cover(j as u32);
                p += 1;
            }
        }
    }

    /// Undoes [`Links::commit`] (Knuth's step X6), uncovering in the reverse
    /// order.
    #[inline]
    pub(crate) fn uncommit(&mut self, node: u32) {
        let mut p = node - 1;
        while p != node {
            let j = self.top[p as usize];
            if j <= 0 {
                p = self.dlink[p as usize];
            } else {
                self.uncover(j as u32);
                p -= 1;
            }
        }
    }

    /// `true` for the header node of an item (the end of its column).
    #[inline]
    pub(crate) fn is_header(&self, node: u32) -> bool {
        node <= self.items
    }

    /// The next node down the column.
    #[inline]
    pub(crate) fn down(&self, node: u32) -> u32 {
        self.dlink[node as usize]
    }

    /// The index of the option that `node` (not a header) belongs to.
    pub(crate) fn option_of(&self, node: u32) -> usize {
        let mut q = node as usize;
        while self.top[q] > 0 {
            q += 1;
        }
        // The spacer after option k has top -(k + 1).
        (-self.top[q]) as usize - 1
    }
}
