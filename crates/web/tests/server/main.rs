//! The server over real sockets: it is started in-process on a free port and
//! spoken to with plain `TcpStream`s, so that malformed and oversized
//! requests can be sent exactly as written.

mod common;
mod crossword;
mod load;
mod pages;
mod protocol;
mod queens;
mod sudoku;
