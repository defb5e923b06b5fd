// A Lighthouses starter bot: C++17, standard library only.
//
// The referee talks to us in JSON lines on stdin/stdout (docs/rules/lighthouses.md):
//   1. one init message: player_num, player_count, position, map (map[y][x], 1 = island,
//      y counting up from the bottom row) and the lighthouses' positions;
//   2. we greet with {"name": ...};
//   3. every round a state message (position, score, energy, view, lighthouses), we answer
//      one command (move, attack, connect or pass), and the referee answers {"success": ...}.
// When the match ends, stdin is closed and we exit.
//
// The strategy is greedy and simple: walk to the nearest lighthouse we can take, take it with
// all our energy, connect it to every lighthouse we own whose key we hold, and when nothing
// can be taken yet, gather energy on the richest cell we see.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <map>
#include <queue>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
using namespace std;

// CHANGE ME: how much energy we want left in a lighthouse after taking it (lighthouses lose
// 10 a round, so one taken with less is soon neutral again).
const long MIN_CAPTURE = 30;

// A small JSON reader: just enough for the referee's messages.
struct Json {
    double num = 0;
    bool truth = false, null = false;
    string str;
    vector<Json> arr;
    map<string, Json> obj;
    bool has(const string& k) const { return obj.count(k) > 0; }
    const Json& operator[](const string& k) const { return obj.at(k); }
    const Json& operator[](size_t i) const { return arr.at(i); }
    long n() const { return (long)num; }
};

Json parse(const string& s, size_t& i) {
    Json v;
    while (i < s.size() && isspace((unsigned char)s[i])) i++;
    if (i >= s.size()) throw runtime_error("JSON ends early");
    char c = s[i];
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        i++;
        while (true) {
            while (i < s.size() && (isspace((unsigned char)s[i]) || s[i] == ',')) i++;
            if (i >= s.size()) throw runtime_error("JSON ends early");
            if (s[i] == close) { i++; break; }
            if (c == '[') { v.arr.push_back(parse(s, i)); continue; }
            string key = parse(s, i).str;
            while (i < s.size() && (isspace((unsigned char)s[i]) || s[i] == ':')) i++;
            v.obj[key] = parse(s, i);
        }
    } else if (c == '"') {
        for (i++; i < s.size() && s[i] != '"'; i++) {
            if (s[i] == '\\') i++;  // escapes are kept as the next character (enough here)
            if (i < s.size()) v.str += s[i];
        }
        i++;
    } else if (c == 't' || c == 'f' || c == 'n') {
        v.truth = c == 't', v.null = c == 'n';
        while (i < s.size() && isalpha((unsigned char)s[i])) i++;
    } else {
        size_t used = 0;
        v.num = stod(s.substr(i, 32), &used);
        i += used;
    }
    return v;
}

typedef pair<long, long> Cell;  // (x, y)
struct Lighthouse {
    Cell position;
    long owner = -1;  // -1: neutral
    long energy = 0;
    vector<Cell> connections;
    bool have_key = false;
};

// The game as the rules name it; filled from the messages.
long player_num = 0;
vector<vector<long>> island;  // island[y][x]: 1 for an island cell, 0 for water
Cell position;
long energy = 0, score = 0;
vector<vector<long>> view;  // view[dy + 3][dx + 3]: cell energy around us, -1 beyond the horizon
vector<Lighthouse> lighthouses;
set<pair<Cell, Cell>> refused;  // connections refused while we stood here: not tried again
string last_command;
Cell last_destination;

Cell cell_of(const Json& j) { return {j[0].n(), j[1].n()}; }
void draw(const string& line) { cerr << "#kibitz " << line << "\n"; }
string xy(Cell c) { return to_string(c.first) + " " + to_string(c.second); }

bool is_island(Cell c) {
    return c.second >= 0 && c.second < (long)island.size() && c.first >= 0 &&
           c.first < (long)island[c.second].size() && island[c.second][c.first] == 1;
}

// Steps from every island cell to goal (8 neighbours, as players move).
map<Cell, long> distances(Cell goal) {
    map<Cell, long> dist{{goal, 0}};
    queue<Cell> todo;
    todo.push(goal);
    while (!todo.empty()) {
        Cell c = todo.front();
        todo.pop();
        for (long dx = -1; dx <= 1; dx++)
            for (long dy = -1; dy <= 1; dy++) {
                Cell d{c.first + dx, c.second + dy};
                if (is_island(d) && !dist.count(d)) { dist[d] = dist[c] + 1; todo.push(d); }
            }
    }
    return dist;
}

// CHANGE ME: where to go. The nearest lighthouse we can take, or whose key we lack; else the
// richest cell in view, to gather energy there. Returns false when there is nowhere to go.
bool choose_target(Cell& goal, string& label) {
    map<Cell, long> dist = distances(position);
    bool found = false;
    for (const Lighthouse& lh : lighthouses) {
        if (lh.position == position || !dist.count(lh.position)) continue;
        bool mine = lh.owner == player_num;
        bool takeable = !mine && energy - lh.energy >= MIN_CAPTURE;
        if ((takeable || (mine && !lh.have_key)) && (!found || dist[lh.position] < dist[goal])) {
            goal = lh.position, label = "target", found = true;
        }
    }
    long most = 0;
    for (size_t vy = 0; vy < view.size() && !found; vy++)
        for (size_t vx = 0; vx < view[vy].size(); vx++) {
            Cell c{position.first + (long)vx - 3, position.second + (long)vy - 3};
            if (view[vy][vx] > most && c != position && is_island(c)) goal = c, most = view[vy][vx];
        }
    if (!found && most > 0) label = "energy", found = true;
    return found;
}

// One command for this round, as a JSON line, with its drawing.
string play_turn() {
    draw("value energy " + to_string(energy));
    for (const Lighthouse& here : lighthouses) {
        if (here.position != position) continue;
        if (here.owner != player_num && energy - here.energy >= MIN_CAPTURE) {
            draw("dot " + xy(position) + " red");
            draw("note attacking the lighthouse at " + xy(position) + " with " + to_string(energy));
            return "{\"command\":\"attack\",\"energy\":" + to_string(energy) + "}";
        }
        if (here.owner != player_num) break;
        // CHANGE ME: which connection to try first (a triangle scores its island cells).
        for (const Lighthouse& lh : lighthouses) {
            Cell to = lh.position;
            bool connected = false;
            for (Cell c : here.connections) connected = connected || c == to;
            if (lh.owner == player_num && lh.have_key && to != position && !connected &&
                !refused.count({position, to})) {
                draw("line " + xy(position) + " " + xy(to) + " green");
                draw("note connecting " + xy(position) + " to " + xy(to));
                last_destination = to;
                return "{\"command\":\"connect\",\"destination\":[" + to_string(to.first) + "," +
                       to_string(to.second) + "]}";
            }
        }
    }
    Cell goal;
    string label;
    if (!choose_target(goal, label)) {
        draw("note nothing to do: passing");
        return "{\"command\":\"pass\"}";
    }
    string colour = label == "target" ? "yellow" : "cyan";
    draw("dot " + xy(goal) + " " + colour);
    draw("text " + xy(goal) + " " + label);
    draw("line " + xy(position) + " " + xy(goal) + " " + colour);
    long far = max(labs(goal.first - position.first), labs(goal.second - position.second));
    draw("value distance " + to_string(far));
    map<Cell, long> dist = distances(goal);
    for (long dx = -1; dx <= 1; dx++)
        for (long dy = -1; dy <= 1; dy++) {
            Cell next{position.first + dx, position.second + dy};
            if (dist.count(position) && dist.count(next) && dist[next] == dist[position] - 1) {
                refused.clear();  // we leave this lighthouse: its refusals may not hold next time
                return "{\"command\":\"move\",\"x\":" + to_string(dx) + ",\"y\":" + to_string(dy) + "}";
            }
        }
    return "{\"command\":\"pass\"}";
}

// Draw lines first (flushed), then the answer on stdout, flushed.
void send(const string& command) {
    last_command = command;
    cerr.flush();
    cout << command << endl;
}

int main() {
    string line;
    while (getline(cin, line)) {
        if (line.find_first_not_of(" \t\r") == string::npos) continue;
        size_t at = 0;
        Json m = parse(line, at);
        if (m.has("player_num")) {  // the init message
            player_num = m["player_num"].n();
            position = cell_of(m["position"]);
            island.clear();
            for (const Json& row : m["map"].arr) {
                island.emplace_back();
                for (const Json& c : row.arr) island.back().push_back(c.n());
            }
            send("{\"name\":\"Starter\"}");
        } else if (m.has("view")) {  // a round's state: answer one command
            position = cell_of(m["position"]);
            energy = m["energy"].n(), score = m["score"].n();
            view.clear();
            for (const Json& row : m["view"].arr) {
                view.emplace_back();
                for (const Json& c : row.arr) view.back().push_back(c.n());
            }
            lighthouses.clear();
            for (const Json& j : m["lighthouses"].arr) {
                Lighthouse lh;
                lh.position = cell_of(j["position"]);
                lh.owner = j["owner"].null ? -1 : j["owner"].n(), lh.energy = j["energy"].n(), lh.have_key = j["have_key"].truth;
                for (const Json& c : j["connections"].arr) lh.connections.push_back(cell_of(c));
                lighthouses.push_back(lh);
            }
            send(play_turn());
        } else if (m.has("success") && !m["success"].truth) {
            // The referee refused our command, saying why (plain stderr, shown in the turn log).
            cerr << "refused " << last_command << ": " << (m.has("message") ? m["message"].str : "") << "\n";
            if (last_command.find("connect") != string::npos) refused.insert({position, last_destination});
        }
    }
}
