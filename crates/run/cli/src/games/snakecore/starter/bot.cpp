// A SnakeCore starter bot: C++17, standard library only.
//
// The referee talks to us in plain lines on stdin/stdout (docs/rules/snakecore.md):
//   getName    -> we answer our name (at most 32 bytes);
//   getAction  -> then the board size n, n rows of the board (W wall, R reactor, b plain block,
//                 e energy block, p a head, . empty; a python's body shows its blocks' kinds),
//                 then one line per python, ours first: shield turns left, length l (head
//                 included), then l pairs "x y" from the head to the tail. There are as many
//                 python lines as heads (p) on the board. We answer one letter: U L D R N A.
// Coordinates: x is the column, y the row, (0, 0) at the top left; U is y - 1.
// When the game ends, stdin is closed and we exit.
//
// The strategy is greedy and simple: shield up when a stranger's head comes close, bite a long
// body next to our head, eat the nearest free block, and once long enough carry the body to
// the nearest reactor (n blocks score n(n+1)/2).
#include <cstdlib>
#include <iostream>
#include <map>
#include <queue>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

// CHANGE ME: the body length at which we stop eating and head for a reactor.
const size_t DUMP_AT = 10;

typedef pair<int, int> Cell;  // (x, y)
const string LETTERS = "ULDR";
const int DX[4] = {0, -1, 0, 1}, DY[4] = {-1, 0, 1, 0};

// A python as its line says: shield turns left and its cells, head first, tail last.
struct Python {
    int shield = 0;
    vector<Cell> cells;
};

// The game as the rules name it, read after each getAction.
int n = 0;
vector<string> board;  // board[y][x]
vector<Python> pythons;  // ours first

string read_line() {
    string line;
    if (!getline(cin, line)) exit(0);  // stdin closed: the game is over
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    return line;
}

void read_state() {
    n = stoi(read_line());
    board.clear();
    int heads = 0;
    for (int y = 0; y < n; y++) {
        string row = read_line();
        row.resize(n, '.');
        for (char c : row) heads += c == 'p';
        board.push_back(row);
    }
    pythons.clear();
    for (int k = 0; k < heads; k++) {
        istringstream in(read_line());
        Python p;
        int length = 0, x = 0, y = 0;
        in >> p.shield >> length;
        for (int i = 0; i < length && in >> x >> y; i++) p.cells.push_back({x, y});
        pythons.push_back(p);
    }
}

void draw(const string& line) { cerr << "#kibitz " << line << "\n"; }
string xy(Cell c) { return to_string(c.first) + " " + to_string(c.second); }
bool inside(Cell c) { return c.first >= 0 && c.first < n && c.second >= 0 && c.second < n; }
char at(Cell c) { return board[c.second][c.first]; }

// CHANGE ME: one letter for this turn, with its drawing.
char choose_action() {
    const Python& me = pythons[0];
    Cell head = me.cells[0];
    size_t body = me.cells.size() - 1;
    map<Cell, pair<size_t, size_t>> occupied;  // cell -> (python, index in its cells)
    for (size_t k = 0; k < pythons.size(); k++)
        for (size_t i = 0; i < pythons[k].cells.size(); i++) occupied[pythons[k].cells[i]] = {k, i};
    draw("value length " + to_string(me.cells.size()));

    // A stranger's head within two cells of our body: switch the shield on (spends an 'e').
    bool has_energy = false, near = false;
    for (size_t i = 1; i < me.cells.size(); i++) {
        has_energy = has_energy || at(me.cells[i]) == 'e';
        for (size_t k = 1; k < pythons.size(); k++) {
            Cell h = pythons[k].cells[0];
            near = near || abs(h.first - me.cells[i].first) + abs(h.second - me.cells[i].second) <= 2;
        }
    }
    if (me.shield == 0 && has_energy && body >= 3 && near) {
        draw("note shield on");
        return 'A';
    }

    // Bite another python's body next to our head when two blocks or more would come off.
    for (int d = 0; d < 4; d++) {
        Cell c{head.first + DX[d], head.second + DY[d]};
        if (!occupied.count(c)) continue;
        auto [k, i] = occupied[c];
        const Python& victim = pythons[k];
        if (k > 0 && i > 0 && i + 1 < victim.cells.size() && victim.shield == 0 && victim.cells.size() - i >= 2) {
            draw("dot " + xy(c) + " red");
            draw("note biting " + to_string(victim.cells.size() - i) + " blocks off");
            return LETTERS[d];
        }
    }

    // The nearest goal by a breadth-first search: a reactor once long enough, else a free block.
    map<Cell, char> first{{head, 'N'}};  // cell -> the letter of our first step towards it
    queue<Cell> todo;
    todo.push(head);
    while (!todo.empty()) {
        Cell c = todo.front();
        todo.pop();
        for (int d = 0; d < 4; d++) {
            Cell next{c.first + DX[d], c.second + DY[d]};
            if (!inside(next) || first.count(next)) continue;
            first[next] = c == head ? LETTERS[d] : first[c];
            bool goal = body >= DUMP_AT ? at(next) == 'R'
                                        : (at(next) == 'b' || at(next) == 'e') && !occupied.count(next);
            if (goal) {
                string colour = at(next) == 'R' ? "yellow" : "cyan";
                draw("dot " + xy(next) + " " + colour);
                draw("line " + xy(head) + " " + xy(next) + " " + colour);
                draw("value distance " + to_string(abs(next.first - head.first) + abs(next.second - head.second)));
                return first[next];
            }
            // Walk over empty cells, free blocks (eaten on the way) and our tail (it moves on).
            bool walkable = at(next) == '.' || at(next) == 'b' || at(next) == 'e';
            if (walkable && (!occupied.count(next) || next == me.cells.back())) todo.push(next);
        }
    }

    // No goal within reach: any free neighbouring cell, else pass.
    for (int d = 0; d < 4; d++) {
        Cell c{head.first + DX[d], head.second + DY[d]};
        if (inside(c) && at(c) == '.' && !occupied.count(c)) {
            draw("note no goal in reach: wandering");
            return LETTERS[d];
        }
    }
    return 'N';
}

int main() {
    while (true) {
        string request = read_line();
        if (request == "getName") {
            cout << "Starter" << endl;
        } else if (request == "getAction") {
            read_state();
            char letter = pythons.empty() || pythons[0].cells.empty() ? 'N' : choose_action();
            cerr.flush();  // the drawing first, then the answer
            cout << letter << endl;
        }
    }
}
