// A starter bot for Amazes (CodeCup 2010), as Kibitz referees it.
//
// Each turn the referee writes five lines on our stdin: what we see down the corridors ahead,
// to our right, behind us and to our left (letters B, L, R, N for each square we can see, then
// W for the wall that ends the corridor), then the squared distance to the opponent. Red's very
// first turn is preceded by a line `Start`. We answer one line of 1 to 256 moves: F (forward),
// R (turn right and step), L (turn left and step), T (turn around and step).
//
// We never learn where we are in the maze, so we keep our own map in our own frame: (0, 0) is
// the square we start on, x grows to the right of the way we first faced, y grows behind us
// (the frame the viewer uses for our drawing). The strategy: walk, through openings we know
// of, to the nearest square we have not seen all four sides of.
//
// Rules: docs/rules/amazes.md of the Kibitz repository.

#include <array>
#include <algorithm>
#include <iostream>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <utility>
#include <vector>

using Square = std::pair<int, int>;  // (x, y) in our frame

const int TURNS = 150;
const size_t MAX_MOVES = 256;

// Directions in our frame, clockwise: N (the way we first faced), E, S, W.
enum { N, E, S, W };
const int DX[4] = {0, 1, 0, -1};
const int DY[4] = {-1, 0, 1, 0};
// The move that turns from facing f to direction d is MOVE_FOR[(d - f + 4) % 4].
const char MOVE_FOR[] = "FRTL";

enum Side { UNKNOWN, OPEN, WALL };

// The map as we know it: sides[square][d] for d = N, E, S, W.
std::map<Square, std::array<Side, 4>> sides;
std::set<Square> discovered;  // squares we have seen or walked on (the jury also infers dead ends)
Square at = {0, 0};           // where we are
int facing = N;               // which way we face

Square step(Square s, int d) { return {s.first + DX[d], s.second + DY[d]}; }

Side side(Square s, int d) {
    auto it = sides.find(s);
    return it == sides.end() ? UNKNOWN : it->second[d];
}

// Records side d of a square (and the same edge seen from the neighbour).
void learn(Square s, int d, Side what) {
    sides.emplace(s, std::array<Side, 4>{UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN});
    sides[s][d] = what;
    Square n = step(s, d);
    sides.emplace(n, std::array<Side, 4>{UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN});
    sides[n][(d + 2) % 4] = what;
}

// Takes in the four corridor lines: ahead, right, behind, left of where we face.
void look(const std::vector<std::string>& corridors) {
    discovered.insert(at);
    for (int k = 0; k < 4; k++) {
        int d = (facing + k) % 4, left = (d + 3) % 4, right = (d + 1) % 4;
        Square s = at;
        for (char letter : corridors[k]) {
            if (letter == 'W') {  // the wall that ends the corridor
                learn(s, d, WALL);
                break;
            }
            learn(s, d, OPEN);
            s = step(s, d);
            discovered.insert(s);
            learn(s, left, letter == 'B' || letter == 'L' ? OPEN : WALL);
            learn(s, right, letter == 'B' || letter == 'R' ? OPEN : WALL);
            // A square behind a side opening is seen too (the rules call it discovered).
            for (int sd : {left, right})
                if (side(s, sd) == OPEN) discovered.insert(step(s, sd));
        }
    }
}

// Breadth-first search through known openings from where we are, to the nearest square with a
// side we do not know yet. Returns the directions that lead there (empty if there is none).
std::vector<int> path_to_nearest_unknown() {
    std::map<Square, std::pair<Square, int>> came_from;
    std::queue<Square> queue;
    came_from[at] = {at, -1};
    queue.push(at);
    while (!queue.empty()) {
        Square s = queue.front();
        queue.pop();
        // CHANGE ME: this is the strategy. A better bot weighs how much a square would show,
        // how far it is, and hunts the opponent (+100 for ending a turn on its square; the
        // squared distance to it comes every turn).
        bool unknown = false;
        for (int d = 0; d < 4; d++) unknown = unknown || side(s, d) == UNKNOWN;
        if (s != at && unknown) {
            std::vector<int> path;
            while (came_from[s].second >= 0) {
                path.push_back(came_from[s].second);
                s = came_from[s].first;
            }
            std::reverse(path.begin(), path.end());
            return path;
        }
        for (int d = 0; d < 4; d++) {
            Square n = step(s, d);
            if (side(s, d) == OPEN && !came_from.count(n)) {
                came_from[n] = {s, d};
                queue.push(n);
            }
        }
    }
    return {};
}

// The directions to walk this turn (never empty: we always see at least one opening).
std::vector<int> choose_path() {
    std::vector<int> path = path_to_nearest_unknown();
    if (path.size() > MAX_MOVES) path.resize(MAX_MOVES);
    if (!path.empty()) return path;
    // Everything we can reach is known: step into any known opening, so as never to end a
    // turn on the square it began on (the referee would add a T).
    for (int d = 0; d < 4; d++)
        if (side(at, d) == OPEN) return {d};
    return {(facing + 2) % 4};
}

void play_turn(const std::vector<std::string>& corridors, long distance2) {
    look(corridors);
    std::vector<int> path = choose_path();
    std::string moves;
    // Draw our intent before we answer (docs/debug-drawing.md): the walk as lines, the target
    // as a dot, two values. On stderr, flushed before the answer.
    Square s = at;
    for (int d : path) {
        moves += MOVE_FOR[(d - facing + 4) % 4];
        facing = d;
        Square n = step(s, d);
        std::cerr << "#kibitz line " << s.first << ' ' << s.second << ' ' << n.first << ' '
                  << n.second << '\n';
        s = n;
    }
    std::cerr << "#kibitz dot " << s.first << ' ' << s.second << " yellow\n"
              << "#kibitz value seen " << discovered.size() << '\n'
              << "#kibitz value distance2 " << distance2 << '\n';
    std::cerr.flush();
    at = s;
    discovered.insert(at);
    std::cout << moves << std::endl;  // endl flushes
}

int main() {
    int turns = 0;
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(std::cin, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (lines.empty() && line == "Quit") return 0;
        if (lines.empty() && line == "Start") continue;  // we are Red; nothing else to do
        lines.push_back(line);
        if (lines.size() < 5) continue;
        long distance2 = -1;
        try {
            distance2 = std::stol(lines[4]);
        } catch (...) {
        }
        lines.resize(4);
        play_turn(lines, distance2);
        lines.clear();
        if (++turns >= TURNS) return 0;  // after 150 turns a bot ends by itself
    }
    return 0;
}
