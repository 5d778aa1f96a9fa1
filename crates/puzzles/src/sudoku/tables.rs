//! The geometry of a grid with `B`×`B` boxes, computed at compile time:
//! which cells see each other and which units (rows, columns, boxes) hold
//! each cell.
//!
//! Units are numbered `0..N` for rows, `N..2N` for columns and `2N..3N` for
//! boxes (boxes in reading order). Cells are numbered `row * N + col`; a
//! set of cells is `W` 64-bit words, cell `k` being bit `k % 64` of word
//! `k / 64`.

/// Tables for `N = B²` digits, `C = N²` cells, `P` peers per cell,
/// `U = 3N` units and `W` 64-bit words per cell set (`⌈C / 64⌉`).
#[derive(Debug)]
pub(crate) struct Tables<
    const N: usize,
    const C: usize,
    const P: usize,
    const U: usize,
    const W: usize,
> {
    /// The box size `B`.
    pub(crate) box_size: usize,
    /// The peers of each cell: its row, then its column, then the rest of
    /// its box.
    pub(crate) peers: [[u16; P]; C],
    /// The peers of each cell as a cell set.
    pub(crate) peer_mask: [[u64; W]; C],
    /// The row, column and box unit of each cell.
    pub(crate) cell_units: [[u16; 3]; C],
    /// The cells of each unit as a cell set.
    pub(crate) unit_mask: [[u64; W]; U],
}

impl<const N: usize, const C: usize, const P: usize, const U: usize, const W: usize>
    Tables<N, C, P, U, W>
{
    pub(crate) const fn new(box_size: usize) -> Self {
        assert!(N == box_size * box_size && C == N * N && U == 3 * N);
        assert!(P == 2 * (N - 1) + (box_size - 1) * (box_size - 1));
        assert!(W == C.div_ceil(64));
        let mut peers = [[0u16; P]; C];
        let mut peer_mask = [[0u64; W]; C];
        let mut cell_units = [[0u16; 3]; C];
        let mut unit_mask = [[0u64; W]; U];

        let mut cell = 0;
        while cell < C {
            let (row, col) = (cell / N, cell % N);
            let bx = box_of(row, col, box_size);
            cell_units[cell] = [row as u16, (N + col) as u16, (2 * N + bx) as u16];
            let units = [row, N + col, 2 * N + bx];
            let mut k = 0;
            while k < 3 {
                unit_mask[units[k]][cell / 64] |= 1 << (cell % 64);
                k += 1;
            }
            cell += 1;
        }

        let mut cell = 0;
        while cell < C {
            let (row, col) = (cell / N, cell % N);
            let (top, left) = ((row / box_size) * box_size, (col / box_size) * box_size);
            let mut others = [0usize; P];
            let mut next = 0;
            // Row, then column, then the rest of the box.
            let mut k = 0;
            while k < N {
                if k != col {
                    others[next] = row * N + k;
                    next += 1;
                }
                k += 1;
            }
            let mut k = 0;
            while k < N {
                if k != row {
                    others[next] = k * N + col;
                    next += 1;
                }
                k += 1;
            }
            let mut k = 0;
            while k < N {
                let (r, c) = (top + k / box_size, left + k % box_size);
                if r != row && c != col {
                    others[next] = r * N + c;
                    next += 1;
                }
                k += 1;
            }
            let mut k = 0;
            while k < next {
                let other = others[k];
                peers[cell][k] = other as u16;
                peer_mask[cell][other / 64] |= 1 << (other % 64);
                k += 1;
            }
            assert!(next == P);
            cell += 1;
        }
        Tables {
            box_size,
            peers,
            peer_mask,
            cell_units,
            unit_mask,
        }
    }
}

/// The box holding `(row, col)`, boxes numbered in reading order.
const fn box_of(row: usize, col: usize, box_size: usize) -> usize {
    (row / box_size) * box_size + col / box_size
}

pub(crate) static TABLES_2: Tables<4, 16, 7, 12, 1> = Tables::new(2);
pub(crate) static TABLES_3: Tables<9, 81, 20, 27, 2> = Tables::new(3);
pub(crate) static TABLES_4: Tables<16, 256, 39, 48, 4> = Tables::new(4);
pub(crate) static TABLES_5: Tables<25, 625, 64, 75, 10> = Tables::new(5);
