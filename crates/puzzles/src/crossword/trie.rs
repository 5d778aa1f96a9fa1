//! The prefix trees that the row-by-row search of a grid without blocks
//! walks ([`super::square`]): each node keeps, for every position, the
//! letters that its words have there, so that a walk leaves a branch whose
//! words cannot fit some later square at once.

/// A prefix tree of words of one length, letters `0..26`, each node's
/// children stored together in letter order so that a child is found by
/// counting the bits of its parent's letter mask.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trie {
    /// The word length.
    len: usize,
    /// Masks a node: `len` rounded up to whole [`LANES`].
    pub(super) stride: usize,
    /// Each node's first child; at the last letter, its first word's
    /// index (words are not nodes, as nothing is kept about them).
    next: Vec<u32>,
    /// For each node and each position, the letters that its words have
    /// there (every letter before the node's depth and past the word's
    /// end): a walk leaves a prefix at once when some later square takes
    /// none of them, rather than letter by letter, and checks every
    /// position at once, [`LANES`] by [`LANES`].
    below: Vec<u32>,
}

/// A prefix tree that keeps of each node only its letters at its own
/// depth and its first child: all that a column of [`super::square`] asks
/// of its tree, in a quarter of a [`Trie`]'s memory, so that it stays in
/// cache (a row placed steps every column down one node).
#[derive(Clone, Debug, Default)]
pub(crate) struct Steps {
    /// Each node's letters and first child (or, one letter short of the
    /// words' end, its first word's index), numbered as in the [`Trie`].
    nodes: Vec<[u32; 2]>,
}

impl Steps {
    /// The steps of `trie`.
    pub(super) fn new(trie: &Trie) -> Steps {
        let count = trie.next.len();
        let mut depth = vec![0; count];
        let mut nodes = Vec::with_capacity(count);
        // A node's children are numbered after it.
        for node in 0..count {
            let at = depth[node];
            let mask = trie.mask(node as u32, at);
            let first = trie.next[node];
            nodes.push([mask, first]);
            if at + 1 < trie.len {
                let children = first as usize..first as usize + mask.count_ones() as usize;
                depth[children].fill(at + 1);
            }
        }
        Steps { nodes }
    }

    /// The letters that continue `node`'s prefix.
    pub(super) fn mask(&self, node: u32) -> u32 {
        self.nodes[node as usize][0]
    }

    /// The child of `node` by `letter` (a letter of its mask), or, one
    /// letter short of the words' end, the index of the word it ends.
    pub(super) fn child(&self, node: u32, letter: u32) -> u32 {
        let [mask, first] = self.nodes[node as usize];
        first + (mask & ((1 << letter) - 1)).count_ones()
    }
}

/// Letter masks checked together (a vector register of `u32`s).
const LANES: usize = 8;

/// Marks a node's first child in the last lane of its masks (in a tree of
/// words shorter than [`LANES`]), where it fits any `wanted`.
const FIRST: u32 = 1 << 31;

/// Every letter.
pub(super) const ALL: u32 = (1 << 26) - 1;

impl Trie {
    /// The tree of `words`, which must be sorted, distinct and of one length.
    pub(super) fn new(words: &[Vec<u8>]) -> Trie {
        let len = words.first().map_or(0, Vec::len);
        let stride = len.div_ceil(LANES).max(1) * LANES;
        let mut trie = Trie {
            len,
            stride,
            next: vec![0],
            below: Vec::new(),
        };
        trie.add_nodes(1, 0);
        if !words.is_empty() {
            trie.grow(0, words, 0, 0);
        }
        if len < LANES {
            for (node, &first) in trie.next.iter().enumerate() {
                trie.below[node * LANES + LANES - 1] = first | FIRST;
            }
        }
        trie
    }

    /// Adds the masks of `count` nodes at `depth`: every letter where
    /// nothing is known.
    fn add_nodes(&mut self, count: usize, depth: usize) {
        for _ in 0..count {
            self.below
                .extend((0..self.stride).map(|p| if p < depth || p >= self.len { ALL } else { 0 }));
        }
    }

    /// Builds the children of `node`, whose prefix the `words` (indexes
    /// from `first`) share up to `depth`.
    fn grow(&mut self, node: usize, words: &[Vec<u8>], first: usize, depth: usize) {
        let (len, stride) = (self.len, self.stride);
        if depth == len {
            self.next[node] = first as u32;
            return;
        }
        let mut groups = Vec::new();
        let mut start = 0;
        while start < words.len() {
            let letter = words[start][depth];
            let end = start + words[start..].partition_point(|w| w[depth] == letter);
            groups.push((letter, start, end));
            start = end;
        }
        if depth + 1 == len {
            // The words themselves are not nodes: a node one letter short
            // leads to its words' indexes, which are as sorted as its
            // children would be.
            self.next[node] = first as u32;
            for &(letter, _, _) in &groups {
                self.below[node * stride + depth] |= 1 << letter;
            }
            return;
        }
        let block = self.next.len();
        self.next[node] = block as u32;
        self.next.resize(block + groups.len(), 0);
        self.add_nodes(groups.len(), depth + 1);
        for (i, &(letter, start, end)) in groups.iter().enumerate() {
            let child = block + i;
            self.grow(child, &words[start..end], first + start, depth + 1);
            self.below[node * stride + depth] |= 1 << letter;
            for p in depth + 1..len {
                self.below[node * stride + p] |= self.below[child * stride + p];
            }
        }
    }

    /// The letters that continue `node`'s prefix.
    pub(super) fn mask(&self, node: u32, depth: usize) -> u32 {
        self.below[node as usize * self.stride + depth]
    }

    /// The letters of `wanted[depth]` that continue `node`'s prefix to a
    /// child that [`Trie::may_fit`] `wanted`, found without a branch per
    /// child (whether a child fits is as good as a coin toss, and a wrong
    /// guess costs more than the check).
    #[inline(always)]
    pub(super) fn fitting(&self, node: u32, depth: usize, wanted: &[u32]) -> u32 {
        let mask = self.mask(node, depth);
        let mut letters = mask & wanted[depth];
        if depth + 1 == self.len {
            return letters;
        }
        let mut fitting = 0;
        if let (true, Some(wanted)) = (self.len < LANES, wanted.first_chunk::<LANES>()) {
            // Words shorter than LANES: one vector of masks per child, the
            // last lane its first child.
            let rows = self.below.as_chunks::<LANES>().0;
            let first = (rows[node as usize][LANES - 1] & !FIRST) as usize;
            while letters != 0 {
                let letter = letters.trailing_zeros();
                letters &= letters - 1;
                let child = first + (mask & ((1 << letter) - 1)).count_ones() as usize;
                let below = &rows[child];
                let mut fits = true;
                for lane in 0..LANES {
                    fits &= below[lane] & wanted[lane] != 0;
                }
                fitting |= u32::from(fits) << letter;
            }
            return fitting;
        }
        let first = self.next[node as usize] as usize;
        while letters != 0 {
            let letter = letters.trailing_zeros();
            letters &= letters - 1;
            let child = first + (mask & ((1 << letter) - 1)).count_ones() as usize;
            fitting |= u32::from(self.may_fit(child as u32, wanted)) << letter;
        }
        fitting
    }

    pub(super) fn child(&self, node: u32, depth: usize, letter: u32) -> u32 {
        let mask = self.mask(node, depth);
        self.next[node as usize] + (mask & ((1 << letter) - 1)).count_ones()
    }

    /// Whether some word below `node` may have at every position a letter
    /// of `wanted` (`stride` masks; those before the node's depth are not
    /// looked at).
    pub(super) fn may_fit(&self, node: u32, wanted: &[u32]) -> bool {
        let below = &self.below[node as usize * self.stride..][..self.stride];
        below
            .chunks_exact(LANES)
            .zip(wanted.chunks_exact(LANES))
            .all(|(below, wanted)| {
                // Branch-free across the lanes, so that it compiles to a
                // few vector instructions.
                let mut fits = true;
                for lane in 0..LANES {
                    fits &= below[lane] & wanted[lane] != 0;
                }
                fits
            })
    }
}
