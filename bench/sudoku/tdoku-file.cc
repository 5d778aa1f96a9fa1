// tdoku as a command for `sudoku-bench --peer`: reads the file named last,
// solves each puzzle with tdoku's fastest solver (TdokuSolverDpllTriadSimd)
// and writes what `puzzles sudoku --file` writes, so the bench can check the
// answers and time the two side by side. Our code, not tdoku's; tdoku itself
// is not in this repository. With a checkout of github.com/t-dillon/tdoku
// in $TDOKU (its own build flags: -O3 -march=native, C++14):
//
//   clang++ -std=c++14 -O3 -march=native -DNDEBUG -fno-exceptions -fno-rtti \
//       -o tdoku-file bench/sudoku/tdoku-file.cc \
//       $TDOKU/src/solver_dpll_triad_simd.cc $TDOKU/src/util.cc
//   target/release/sudoku-bench --peer tdoku=./tdoku-file
//
// Usage: tdoku-file [--count] FILE
//   FILE: one puzzle per line, 81 chars, '1'-'9' for givens, '.' or '0' for empty cells.
//         Lines starting with '#' and blank lines are skipped; trailing '\r' is ignored.
//   default: prints the 81-char solution per puzzle, or "no solution".
//   --count: prints 0, 1 or "2 or more" per puzzle.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);

static std::vector<char> ReadAll(const char *path) {
    std::vector<char> data;
    FILE *f = std::fopen(path, "rb");
    if (!f) {
        std::perror(path);
        std::exit(2);
    }
    char chunk[1 << 16];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) data.insert(data.end(), chunk, chunk + n);
    std::fclose(f);
    return data;
}

int main(int argc, char **argv) {
    bool count_mode = false;
    const char *path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--count") == 0) {
            count_mode = true;
        } else if (!path) {
            path = argv[i];
        } else {
            path = nullptr;
            break;
        }
    }
    if (!path) {
        std::fprintf(stderr, "usage: %s [--count] FILE\n", argv[0]);
        return 2;
    }

    std::vector<char> data = ReadAll(path);
    std::string out;
    out.reserve(data.size() + 1024);

    // puzzle buffer: 81 cells followed by NULs, so the solver sees a vanilla puzzle
    // (input[81] < '.') and its 16-byte loads stay in bounds.
    alignas(32) char puzzle[128];
    char solution[128];

    size_t pos = 0, line_no = 0;
    const size_t size = data.size();
    while (pos < size) {
        size_t end = pos;
        while (end < size && data[end] != '\n') end++;
        size_t len = end - pos;
        const char *line = data.data() + pos;
        pos = end + 1;
        line_no++;
        if (len > 0 && line[len - 1] == '\r') len--;
        if (len == 0 || line[0] == '#') continue;
        if (len < 81) {
            std::fprintf(stderr, "line %zu: expected 81 cells, got %zu chars\n", line_no, len);
            return 1;
        }
        std::memset(puzzle, 0, sizeof(puzzle));
        for (int c = 0; c < 81; c++) {
            char ch = line[c];
            puzzle[c] = (ch >= '1' && ch <= '9') ? ch : '.';
        }
        size_t guesses = 0;
        if (count_mode) {
            size_t n = TdokuSolverDpllTriadSimd(puzzle, 2, 0, solution, &guesses);
            out += (n == 0) ? "0\n" : (n == 1) ? "1\n" : "2 or more\n";
        } else {
            size_t n = TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses);
            if (n == 0) {
                out += "no solution\n";
            } else {
                out.append(solution, 81);
                out += '\n';
            }
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
