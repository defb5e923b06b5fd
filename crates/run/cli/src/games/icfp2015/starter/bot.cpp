// A starter solver for ICFP 2015 (Honeycomb), run as the contest ran solvers.
//
// It is started once, with the contest's flags: -f FILE (a problem, repeatable), -t SECONDS,
// -m MEGABYTES, -c CORES, -p PHRASE (repeatable). For every problem and every one of its
// sourceSeeds it plays the whole game in its head and prints, once, on stdout, a JSON list of
// {"problemId", "seed", "tag", "solution"}: the solution is a string of command letters.
//
// The strategy: for each unit, find every place it can lock (a breadth-first search over moves
// and turns) and take the lowest one, preferring one that clears rows.
//
// Rules: docs/rules/icfp2015.md of the Kibitz repository.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using Clock = std::chrono::steady_clock;
using P = std::pair<int, int>;  // a cell (x, y) or a cube vector (x, z)

// ---- A tiny JSON reader, enough for problem files ----
struct Json {
    double num = 0;
    std::string str;
    std::vector<Json> list;
    std::map<std::string, Json> obj;
    const Json& operator[](const std::string& k) const {
        static const Json none;
        auto it = obj.find(k);
        return it == obj.end() ? none : it->second;
    }
    int i() const { return static_cast<int>(num); }
};

Json parse(const std::string& s, size_t& at) {
    auto skip = [&] { while (at < s.size() && isspace(static_cast<unsigned char>(s[at]))) at++; };
    skip();
    Json v;
    if (at >= s.size()) return v;
    char c = s[at];
    if (c == '{' || c == '[') {
        at++;
        for (skip(); at < s.size() && s[at] != '}' && s[at] != ']'; skip()) {
            if (s[at] == ',') {
                at++;
            } else if (c == '[') {
                v.list.push_back(parse(s, at));
            } else {
                std::string key = parse(s, at).str;
                skip();
                at++;  // ':'
                v.obj[key] = parse(s, at);
            }
        }
        at++;
    } else if (c == '"') {
        for (at++; at < s.size() && s[at] != '"'; at++) v.str += s[at] == '\\' ? s[++at] : s[at];
        at++;
    } else {
        size_t end = at;
        while (end < s.size() && std::string(",]} \n\r\t").find(s[end]) == std::string::npos) end++;
        v.num = std::atof(s.substr(at, end - at).c_str());
        at = end;
    }
    return v;
}

// ---- Hex geometry: cells with odd rows shifted right; cube (x, z) with z the row ----
P to_cube(P c) { return {c.first - (c.second >> 1), c.second}; }
P to_cell(P v) { return {v.first + (v.second >> 1), v.second}; }
P turn_cw(P v) { return {-v.second, v.first + v.second}; }

// Commands: one letter each (the contest accepts several; these are the plainest).
const char* LETTERS = "bpladk";  // E W SE SW CW CCW
const P MOVES[4] = {{1, 0}, {-1, 0}, {0, 1}, {-1, 1}};  // E W SE SW, in cube (x, z)

// A unit at its spawn: the pivot (a cube) and the members as offsets from it, for each of the
// six orientations (clockwise sixths of a turn).
struct Unit {
    P spawn;
    std::vector<P> offsets[6];
    Unit(const Json& u, int width) {
        int min_x = 1 << 30, min_y = 1 << 30, max_x = -(1 << 30);
        for (auto& m : u["members"].list) {
            min_x = std::min(min_x, m["x"].i());
            min_y = std::min(min_y, m["y"].i());
            max_x = std::max(max_x, m["x"].i());
        }
        int room = width - (max_x - min_x + 1);
        int left = room >= 0 ? room / 2 : -((1 - room) / 2);  // rounded down, as the rules do
        auto place = [&](const Json& c) { return to_cube({c["x"].i() - min_x + left, c["y"].i() - min_y}); };
        spawn = place(u["pivot"]);
        for (auto& m : u["members"].list) {
            P c = place(m);
            offsets[0].push_back({c.first - spawn.first, c.second - spawn.second});
        }
        for (int r = 1; r < 6; r++)
            for (P v : offsets[r - 1]) offsets[r].push_back(turn_cw(v));
    }
    std::vector<P> cells(P pivot, int rot) const {
        std::vector<P> out;
        for (P v : offsets[rot]) out.push_back(to_cell({pivot.first + v.first, pivot.second + v.second}));
        std::sort(out.begin(), out.end());
        return out;
    }
};

struct Placement {
    std::vector<P> cells;
    P pivot;
    std::string path;  // the commands that take the unit there and lock it
};

// One problem played with one seed: the board (its full cells) and the units.
struct Game {
    int width, height;
    std::set<P> full;
    std::vector<Unit> units;

    explicit Game(const Json& problem) : width(problem["width"].i()), height(problem["height"].i()) {
        for (auto& c : problem["filled"].list) full.insert({c["x"].i(), c["y"].i()});
        for (auto& u : problem["units"].list) units.emplace_back(u, width);
    }
    bool fits(const std::vector<P>& cells) const {
        for (P c : cells)
            if (c.first < 0 || c.first >= width || c.second < 0 || c.second >= height || full.count(c)) return false;
        return true;
    }
    bool row_full(int y, const std::vector<P>& extra) const {
        for (int x = 0; x < width; x++)
            if (!full.count({x, y}) && std::find(extra.begin(), extra.end(), P{x, y}) == extra.end()) return false;
        return true;
    }
    // Fills the cells and clears full rows (rows above a cleared row fall); returns the rows cleared.
    int lock(const std::vector<P>& cells) {
        full.insert(cells.begin(), cells.end());
        int cleared = 0;
        for (int row = 0; row < height; row++) {  // from the top down
            if (!row_full(row, {})) continue;
            cleared++;
            std::set<P> next;
            for (P c : full)
                if (c.second != row) next.insert(c.second < row ? P{c.first, c.second + 1} : c);
            full = next;
        }
        return cleared;
    }
    // Every place the unit can lock. No position repeats on the way: the search never visits
    // one twice (a position is the pivot and the set of member cells).
    std::vector<Placement> placements(const Unit& unit) const {
        using State = std::pair<P, int>;  // pivot, orientation
        std::set<std::pair<P, std::vector<P>>> seen;
        std::queue<std::pair<State, std::string>> queue;
        seen.insert({unit.spawn, unit.cells(unit.spawn, 0)});
        queue.push({{unit.spawn, 0}, ""});
        std::vector<Placement> found;
        while (!queue.empty()) {
            auto [state, path] = queue.front();
            queue.pop();
            auto [pivot, rot] = state;
            char lock_with = 0;
            for (int k = 0; k < 6; k++) {
                State next = k < 4 ? State{{pivot.first + MOVES[k].first, pivot.second + MOVES[k].second}, rot}
                                   : State{pivot, (rot + (k == 4 ? 1 : 5)) % 6};
                std::vector<P> cells = unit.cells(next.first, next.second);
                if (!fits(cells)) {
                    if (!lock_with) lock_with = LETTERS[k];  // this command would lock the unit here
                } else if (seen.insert({next.first, cells}).second) {
                    queue.push({next, path + LETTERS[k]});
                }
            }
            if (lock_with) found.push_back({unit.cells(pivot, rot), pivot, path + lock_with});
        }
        return found;
    }
    // How good locking on these cells is. CHANGE ME: this is the strategy. Try counting holes
    // left under the unit, the height of the stack, or spelling phrases of power (-p) with the
    // letters of the path (each command has six letters to choose from).
    long value(const std::vector<P>& cells) const {
        std::set<int> rows;
        long v = 0;
        for (P c : cells) {
            rows.insert(c.second);
            v += c.second;
        }
        for (int y : rows)
            if (row_full(y, cells)) v += 1000;
        return v;
    }
};

// Plays one game; returns its solution. `draw` says whether to draw it for the viewer.
std::string solve(const Json& problem, uint32_t seed, Clock::time_point deadline, bool draw) {
    Game game(problem);
    std::string solution;
    long score = 0, rows_before = 0;
    for (int n = 0; n < problem["sourceLength"].i(); n++) {
        const Unit& unit = game.units[((seed >> 16) & 0x7fff) % game.units.size()];
        seed = seed * 1103515245u + 12345u;  // the contest's generator, mod 2^32
        if (!game.fits(unit.cells(unit.spawn, 0)) || Clock::now() > deadline) break;
        std::vector<Placement> options = game.placements(unit);
        if (options.empty()) break;
        const Placement* best = &options[0];
        for (auto& o : options)
            if (game.value(o.cells) > game.value(best->cells)) best = &o;
        long rows = game.lock(best->cells);
        long points = static_cast<long>(best->cells.size()) + 100 * (1 + rows) * rows / 2;
        score += points + (rows_before > 1 ? (rows_before - 1) * points / 10 : 0);
        rows_before = rows;
        solution += best->path;
        if (draw) {  // `unit N` puts a line on the first step of unit N in the replay
            for (P c : best->cells)
                std::cerr << "#kibitz unit " << n << " dot " << c.first << ' ' << c.second << " green\n";
            P s = to_cell(unit.spawn), p = to_cell(best->pivot);
            std::cerr << "#kibitz unit " << n << " line " << s.first << ' ' << s.second << ' ' << p.first << ' '
                      << p.second << '\n'
                      << "#kibitz unit " << n << " value rows_cleared " << rows << '\n'
                      << "#kibitz unit " << n << " value move_score " << score << '\n';
        }
    }
    return solution;
}

int main(int argc, char** argv) {
    std::vector<std::string> files, phrases;
    double seconds = 60;
    for (int i = 1; i + 1 < argc; i++) {
        std::string flag = argv[i];
        if (flag == "-f") files.push_back(argv[i + 1]);
        if (flag == "-p") phrases.push_back(argv[i + 1]);  // phrases of power to try (not yet used)
        if (flag == "-t") seconds = std::atof(argv[i + 1]);
    }
    // Kibitz records one seed's game as a replay and says which in KIBITZ_SEED.
    const char* draw_seed = std::getenv("KIBITZ_SEED");
    auto deadline = Clock::now() + std::chrono::milliseconds(static_cast<long>(800 * seconds));  // -t is hard
    std::ostringstream out;
    out << '[';
    for (size_t f = 0; f < files.size(); f++) {
        std::stringstream text;
        text << std::ifstream(files[f]).rdbuf();
        size_t at = 0;
        Json problem = parse(text.str(), at);
        for (auto& s : problem["sourceSeeds"].list) {
            uint32_t seed = static_cast<uint32_t>(s.num);
            bool draw = f == 0 && draw_seed && std::to_string(seed) == draw_seed;
            if (out.tellp() > 1) out << ',';
            out << "{\"problemId\":" << problem["id"].i() << ",\"seed\":" << seed
                << ",\"tag\":\"starter\",\"solution\":\"" << solve(problem, seed, deadline, draw) << "\"}";
        }
    }
    out << ']';
    std::cerr.flush();  // the drawing first, then the answer
    std::cout << out.str() << std::endl;
    return 0;
}
