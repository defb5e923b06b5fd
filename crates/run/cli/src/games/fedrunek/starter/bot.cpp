// A fedrunek starter bot: mining robots in a cubic asteroid, over TCP.
//
// `kibitz match fedrunek ... -- './bot'` starts it with HOST PORT LOGIN PASSWORD as its last four
// arguments (also in KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).
//
// Strategy: every free miner drills straight down from where it stands and mines what it meets;
// when its cargo is full it climbs back up and walks over the surface to the nearest station,
// where its cargo is sold. Scouts stay idle. The protocol: docs/rules/fedrunek.md.
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace std;
using P3 = array<int, 3>;

struct Closed {};  // the server closed the connection: the last game is over

// One TCP connection: LOGIN / PASS, then commands answered OK (+ data) or FAILED e msg.
struct Server {
    int fd = -1;
    string buf;
    vector<string> drawing;  // #kibitz lines, written just before this turn's WAIT

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
    void draw(const string& text) { drawing.push_back("#kibitz " + text); }
    // Draws this turn's plan (docs/debug-drawing.md), then WAITs for the next turn.
    void wait() {
        for (auto& d : drawing) cerr << d << '\n';
        cerr.flush();
        drawing.clear();
        ask("WAIT", 1);
    }
};

vector<int> ints(const string& s) {
    istringstream in(s);
    vector<int> v;
    int x;
    while (in >> x) v.push_back(x);
    return v;
}
string str(P3 p) { return to_string(p[0]) + " " + to_string(p[1]) + " " + to_string(p[2]); }
bool on_surface(P3 p, int n) { return p[0] == 1 || p[0] == n || p[1] == 1 || p[1] == n || p[2] == 1 || p[2] == n; }
int dist(P3 a, P3 b) { return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]); }

struct Miner { int ID; P3 P; int LevS, LevV, LevE, T; };  // as LIST MINERS names them

// The unit step into the cube from a field on exactly one face, else all zeros.
P3 inward(P3 p, int n) {
    P3 d{};
    int faces = 0;
    for (int i = 0; i < 3; i++) {
        d[i] = p[i] == 1 ? 1 : p[i] == n ? -1 : 0;
        faces += d[i] != 0;
    }
    return faces == 1 ? d : P3{};
}

// One order for one free miner. CHANGE ME: this is the whole strategy.
void play_miner(Server& s, int n, const vector<P3>& stations, const Miner& m, map<int, P3>& down) {
    string id = to_string(m.ID);
    auto storage = s.ask("STORAGE " + id, 1);
    if (!storage) return;
    vector<int> st = ints((*storage)[0]);  // MI MS MG F
    if (st.size() < 4) return;
    int cargo = st[0] + st[1] + st[2], free = st[3];
    s.draw("value cargo" + id + " " + to_string(cargo));
    if (on_surface(m.P, n) && cargo > 0 && !stations.empty()) {
        // Back up with metal: walk towards the nearest station over the surface.
        P3 target = stations[0];
        for (auto& t : stations) if (dist(t, m.P) < dist(target, m.P)) target = t;
        s.draw("dot " + str(target) + " yellow");
        s.draw("line " + str(m.P) + " " + str(target) + " yellow");
        for (int axis = 0; axis < 3; axis++) {
            if (target[axis] == m.P[axis]) continue;
            P3 step{}, to = m.P;
            step[axis] = target[axis] > m.P[axis] ? 1 : -1;
            to[axis] += step[axis];
            if (on_surface(to, n)) { s.ask("MOVE " + id + " " + str(step)); return; }
        }
        return;
    }
    if (on_surface(m.P, n)) down[m.ID] = inward(m.P, n);
    P3 d = down.count(m.ID) ? down[m.ID] : P3{};
    if (d == P3{}) return;  // on an edge of the cube, or underground after a restart
    // INFO: the miner's own field first: Route DX DY DZ UNDERGROUND Kind MI MS MG
    auto info = s.ask("INFO " + id, 7);
    istringstream here(info ? (*info)[0] : "NIL");
    string route, place, kind;
    int dx, dy, dz, mi = 0, ms = 0, mg = 0;
    here >> route >> dx >> dy >> dz >> place >> kind >> mi >> ms >> mg;
    if (free > 0 && place == "UNDERGROUND" && mi + ms + mg > 0) {
        s.draw("dot " + str(m.P) + " green");
        s.draw("text " + str(m.P) + " mining");
        s.ask("MINE " + id, 1);
        return;
    }
    P3 step = d, to = m.P;
    if (free == 0) step = P3{-d[0], -d[1], -d[2]};
    for (int i = 0; i < 3; i++) to[i] += step[i];
    s.draw("line " + str(m.P) + " " + str(to) + (free > 0 ? " orange" : " cyan"));
    if (!s.ask("MOVE " + id + " " + str(step)) && free > 0) s.ask("DRILL " + id + " " + str(step), 1);
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
        map<int, P3> down;  // miner ID -> its step into the cube
        while (true) {
            auto world = s.ask("DESCRIBE WORLD", 1);  // N T K
            if (!world) { s.wait(); continue; }
            int n = ints((*world)[0])[0];
            vector<P3> stations;
            for (auto& l : s.ask("LIST STATIONS", 0, true).value_or(vector<string>{})) {
                auto v = ints(l);
                if (v.size() == 3) stations.push_back({v[0], v[1], v[2]});
            }
            vector<Miner> miners;
            for (auto& l : s.ask("LIST MINERS", 0, true).value_or(vector<string>{})) {
                auto v = ints(l);
                if (v.size() == 8) miners.push_back({v[0], {v[1], v[2], v[3]}, v[4], v[5], v[6], v[7]});
            }
            for (auto& m : miners)
                if (m.T == 0) play_miner(s, n, stations, m, down);  // T = 0: free for an order
            s.draw("value miners " + to_string(miners.size()));
            s.wait();
        }
    } catch (Closed&) {
        // the server ended its last game
    }
    return 0;
}
