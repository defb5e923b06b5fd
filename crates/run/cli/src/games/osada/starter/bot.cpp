// An osada starter bot: defend the team's banner mast against the coors, over TCP.
//
// `kibitz match osada ... -- './bot'` starts it with HOST PORT LOGIN PASSWORD as its last four
// arguments (also in KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).
//
// Strategy: every round each troop looks around (INFO). Snipers shoot the coor in sight nearest
// the mast; stormtroopers step into a coor next to them; builders build traps on the fields
// around the mast; everyone else walks back next to the mast. The protocol: docs/rules/osada.md.
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace std;
using Field = pair<int, int>;  // PX PY, from 1

struct Closed {};  // the server closed the connection: the last game is over

// One TCP connection: LOGIN / PASS, then commands answered OK (+ data) or FAILED e msg.
struct Server {
    int fd = -1;
    string buf;

    void connect_to(const string& host, const string& port) {
        addrinfo hints{}, *res = nullptr;
        hints.ai_socktype = SOCK_STREAM;
        if (getaddrinfo(host.c_str(), port.c_str(), &hints, &res) != 0) throw Closed{};
        for (addrinfo* a = res; a && fd < 0; a = a->ai_next) {
            fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
            if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) { close(fd); fd = -1; }
        }
        freeaddrinfo(res);
        if (fd < 0) throw Closed{};
    }
    string line() {
        size_t nl;
        while ((nl = buf.find('\n')) == string::npos) {
            char chunk[65536];
            ssize_t got = read(fd, chunk, sizeof chunk);
            if (got <= 0) throw Closed{};
            buf.append(chunk, got);
        }
        string text = buf.substr(0, nl);
        buf.erase(0, nl + 1);
        if (!text.empty() && text.back() == '\r') text.pop_back();
        return text;
    }
    void send(const string& text) {
        string all = text + "\n";
        for (size_t at = 0; at < all.size();) {
            ssize_t put = write(fd, all.data() + at, all.size() - at);
            if (put <= 0) throw Closed{};
            at += put;
        }
    }
    // The data lines after OK (`lines` of them, or a count first when counted), or nullopt.
    optional<vector<string>> ask(const string& command, int lines = 0, bool counted = false) {
        send(command);
        string first = line();
        if (first != "OK") {
            if (first.rfind("FAILED 7 ", 0) == 0) line();  // FORCED WAITING x
            return nullopt;
        }
        if (counted) lines = stoi(line());
        vector<string> data;
        for (int i = 0; i < lines; i++) data.push_back(line());
        return data;
    }
};

struct Troop { int ID; string Kind; int PX, PY, C, D; };                // as LIST TROOPS names them
struct Seen { string Terrain, Settlement; int COORS = 0, TROOPS = 0; };  // as INFO names them

int dist(Field a, Field b) { return max(abs(a.first - b.first), abs(a.second - b.second)); }
vector<Field> around(Field p) {
    vector<Field> out;
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            if (dx || dy) out.push_back({p.first + dx, p.second + dy});
    return out;
}
string str(Field p) { return to_string(p.first) + " " + to_string(p.second); }

struct Plan { string command; optional<Field> goal; };

// One command for one free troop, and the field it aims at.
// CHANGE ME: this is the whole strategy.
Plan plan(const Troop& t, Field mast, map<Field, Seen>& seen, set<Field>& claimed) {
    Field here{t.PX, t.PY};
    string id = to_string(t.ID);
    bool active = t.C == 0;
    // Troops never enter blocked fields nor a mast; we also keep them out of coors.
    auto walkable = [&](Field p) {
        auto f = seen.find(p);
        return f != seen.end() && f->second.Terrain != "BLOCKED" && f->second.Settlement != "MAST" && f->second.COORS == 0;
    };
    auto step_to = [&](Field goal) -> Plan {
        optional<Field> best;
        for (Field p : around(here))
            if (walkable(p) && (!best || dist(p, goal) < dist(*best, goal))) best = p;
        if (!best || dist(*best, goal) >= dist(here, goal)) return {"", goal};
        return {"MOVE " + id + " " + str(*best), goal};  // MOVE takes the target's coordinates
    };
    vector<Field> coors;
    for (auto& [p, f] : seen) if (f.COORS > 0) coors.push_back(p);
    auto nearest_mast = [&](Field a, Field b) { return make_pair(dist(a, mast), dist(a, here)) < make_pair(dist(b, mast), dist(b, here)); };
    if (t.Kind == "SNIPER" && active) {
        int radius = seen[here].Settlement == "TOWER" ? 3 : 2;
        optional<Field> target;
        for (Field p : coors)
            if (dist(p, here) > 0 && dist(p, here) <= radius && (!target || nearest_mast(p, *target))) target = p;
        if (target)  // SHOOT takes offsets
            return {"SHOOT " + id + " " + to_string(target->first - t.PX) + " " + to_string(target->second - t.PY), target};
    }
    if (t.Kind == "STORMTROOPER") {
        optional<Field> target;
        for (Field p : coors)
            if (dist(p, here) == 1 && seen[p].Terrain != "BLOCKED" && seen[p].Settlement != "MAST" && (!target || nearest_mast(p, *target))) target = p;
        if (target) return {"MOVE " + id + " " + str(*target), target};  // a fight: won nine times in ten
    }
    if (t.Kind == "BUILDER") {
        Seen& f = seen[here];
        if (dist(here, mast) == 1 && active && f.Terrain == "SOLID" && f.Settlement == "NONE" && !claimed.count(here)) {
            claimed.insert(here);
            return {"BUILD " + id + " TRAP", here};
        }
        optional<Field> goal;
        for (Field p : around(mast))
            if (walkable(p) && seen[p].Terrain == "SOLID" && seen[p].Settlement == "NONE" && seen[p].TROOPS == 0 && !claimed.count(p) &&
                (!goal || dist(p, here) < dist(*goal, here)))
                goal = p;
        if (goal) {
            claimed.insert(*goal);
            return step_to(*goal);
        }
    }
    if (dist(here, mast) > 1) return step_to(mast);
    return {"", nullopt};
}

int main(int argc, char** argv) {
    auto env = [](const char* name) { const char* v = getenv(name); return string(v ? v : ""); };
    string host = env("KIBITZ_HOST"), port = env("KIBITZ_PORT"), login = env("KIBITZ_LOGIN"), password = env("KIBITZ_PASSWORD");
    if (argc >= 5) host = argv[argc - 4], port = argv[argc - 3], login = argv[argc - 2], password = argv[argc - 1];
    Server s;
    try {
        s.connect_to(host, port);
        if (s.line() != "LOGIN") return 1;
        s.send(login);
        if (s.line() != "PASS") return 1;
        s.send(password);
        if (s.line() != "OK") return 1;
        while (true) {
            auto world = s.ask("DESCRIBE WORLD", 1);  // N T PX PY K: PX PY is our banner mast
            if (!world) { s.ask("WAIT", 1); continue; }
            istringstream w((*world)[0]);
            int n, turn_s;
            Field mast;
            w >> n >> turn_s >> mast.first >> mast.second;
            vector<Troop> troops;
            for (auto& l : s.ask("LIST TROOPS", 0, true).value_or(vector<string>{})) {
                istringstream in(l);
                Troop t;
                if (in >> t.ID >> t.Kind >> t.PX >> t.PY >> t.C >> t.D) troops.push_back(t);
            }
            map<Field, Seen> seen;  // field -> what the troops see there
            for (auto& t : troops)
                for (auto& l : s.ask("INFO " + to_string(t.ID), 0, true).value_or(vector<string>{})) {
                    istringstream in(l);
                    int dx, dy;
                    Seen f;
                    if (in >> dx >> dy >> f.Terrain >> f.Settlement >> f.COORS >> f.TROOPS) seen[{t.PX + dx, t.PY + dy}] = f;
                }
            vector<string> drawing{"dot " + str(mast) + " green", "text " + str(mast) + " our mast"};
            int coors = 0;
            for (auto& [p, f] : seen) {
                coors += f.COORS;
                if (f.COORS > 0) drawing.push_back("dot " + str(p) + " red");
            }
            vector<string> commands;
            set<Field> claimed;
            for (auto& t : troops) {
                if (t.D > 0) continue;  // busy: it cannot act this round
                Plan p = plan(t, mast, seen, claimed);
                if (p.goal && *p.goal != Field{t.PX, t.PY})
                    drawing.push_back("line " + to_string(t.PX) + " " + to_string(t.PY) + " " + str(*p.goal) +
                                      (p.command.rfind("SHOOT", 0) == 0 ? " red" : " yellow"));
                if (!p.command.empty()) commands.push_back(p.command);
            }
            drawing.push_back("value coors " + to_string(coors));
            drawing.push_back("value troops " + to_string(troops.size()));
            // What is written to stderr goes with the next command: draw first, then command.
            for (auto& d : drawing) cerr << "#kibitz " << d << '\n';
            cerr.flush();
            for (auto& c : commands) s.ask(c, c.rfind("BUILD", 0) == 0 ? 1 : 0);
            s.ask("WAIT", 1);
        }
    } catch (Closed&) {
        // the server ended its last game
    }
    return 0;
}
