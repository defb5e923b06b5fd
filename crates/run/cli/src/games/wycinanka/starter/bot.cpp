// A wycinanka starter bot: find order graphs in the sheet of material, over TCP.
//
// `kibitz match wycinanka ... -- './bot'` starts it with HOST PORT LOGIN PASSWORD as its last
// four arguments (also in KIBITZ_HOST, KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).
//
// Strategy: read the sheet once; every turn read the new orders, search each open order in the
// sheet with a small backtracking search (a budget of steps per order), commit what it finds,
// then WAIT. The protocol: docs/rules/wycinanka.md.
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
#include <vector>

using namespace std;

const long BUDGET = 200000;  // search steps per order before it is given up

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

vector<double> nums(const string& s) {
    istringstream in(s);
    vector<double> v;
    double x;
    while (in >> x) v.push_back(x);
    return v;
}

using Graph = vector<set<int>>;  // neighbours of each vertex, numbered from 1

// Reads `count` edge lines `A B` into a graph of n vertices.
Graph read_edges(Server& s, int n, int count) {
    Graph g(n + 1);
    for (int i = 0; i < count; i++) {
        auto e = nums(s.line());
        int a = (int)e[0], b = (int)e[1];
        if (a >= 1 && b >= 1 && a <= n && b <= n) g[a].insert(b), g[b].insert(a);
    }
    return g;
}

struct Order { int V; Graph edges; double P; };  // as DESCRIBE ORDER names them

// Backtracking: places the order's vertices in `seq` order onto distinct sheet vertices.
struct Search {
    const Graph& sheet;
    const Graph& order;
    vector<int> seq, image;
    vector<bool> used;
    long steps = 0;

    bool place(size_t i) {
        if (i == seq.size()) return true;
        if (++steps > BUDGET) return false;
        int u = seq[i];
        vector<int> placed;
        for (int w : order[u]) if (image[w]) placed.push_back(image[w]);
        vector<int> candidates;
        if (placed.empty()) for (size_t c = 1; c < sheet.size(); c++) candidates.push_back(c);
        else candidates.assign(sheet[placed[0]].begin(), sheet[placed[0]].end());
        for (int c : candidates) {
            if (used[c] || sheet[c].size() < order[u].size()) continue;
            bool fits = true;
            for (int p : placed) fits = fits && sheet[c].count(p);
            if (!fits) continue;
            image[u] = c, used[c] = true;
            if (place(i + 1)) return true;
            image[u] = 0, used[c] = false;
        }
        return false;
    }
};

// A MAP from order vertices 1..V to distinct sheet vertices keeping every order edge, or an
// empty vector. CHANGE ME: a smarter search (or a better place to start) finds more orders.
vector<int> find(const Graph& sheet, const Order& o) {
    Search s{sheet, o.edges, {}, vector<int>(o.V + 1, 0), vector<bool>(sheet.size(), false)};
    // Place vertices so each next one touches a placed one: BFS from the highest degree.
    int start = 1;
    for (int v = 1; v <= o.V; v++) if (o.edges[v].size() > o.edges[start].size()) start = v;
    vector<bool> seen(o.V + 1, false);
    s.seq.push_back(start), seen[start] = true;
    for (size_t i = 0; i < s.seq.size(); i++) {
        vector<int> next(o.edges[s.seq[i]].begin(), o.edges[s.seq[i]].end());
        sort(next.begin(), next.end(), [&](int a, int b) { return o.edges[a].size() > o.edges[b].size(); });
        for (int w : next) if (!seen[w]) seen[w] = true, s.seq.push_back(w);
    }
    if ((int)s.seq.size() != o.V || !s.place(0)) return {};
    return vector<int>(s.image.begin() + 1, s.image.end());
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
        Graph sheet;
        map<int, Order> orders;
        set<int> done;  // orders tried once: found or given up
        long last_left = -1;
        while (true) {
            auto left_line = s.ask("TIME TO CUT", 1);  // turns left, counting this one
            long left = left_line ? (long)nums((*left_line)[0])[0] : 0;
            if (sheet.empty() || left > last_left) {
                // A new game: a new sheet, and order IDs start again from 1.
                auto world = s.ask("DESCRIBE WORLD", 1);  // N M T K, then M edges
                if (!world) { s.ask("WAIT", 1); continue; }
                auto head = nums((*world)[0]);
                sheet = read_edges(s, (int)head[0], (int)head[1]);
                orders.clear(), done.clear();
            }
            last_left = left;
            auto count = s.ask("GET ORDER COUNT", 1);
            int last_id = count ? (int)nums((*count)[0])[0] : 0;
            for (int id = (int)orders.size() + 1; id <= last_id; id++) {
                auto lines = s.ask("DESCRIBE ORDER " + to_string(id), 1);  // V E P C, then E edges
                if (!lines) break;
                auto head = nums((*lines)[0]);
                orders[id] = Order{(int)head[0], read_edges(s, (int)head[0], (int)head[1]), head[2]};
            }
            // The most valuable open orders first.
            vector<int> open;
            for (auto& [id, o] : orders) if (!done.count(id)) open.push_back(id);
            sort(open.begin(), open.end(), [&](int a, int b) { return orders[a].P > orders[b].P; });
            for (int id : open) {
                const Order& o = orders[id];
                done.insert(id);
                vector<int> found = find(sheet, o);
                if (found.empty()) continue;
                // What is written to stderr goes with the next command: draw, then commit.
                for (int a = 1; a <= o.V; a++)
                    for (int b : o.edges[a]) if (a < b) cerr << "#kibitz edge " << found[a - 1] << ' ' << found[b - 1] << " green\n";
                cerr << "#kibitz vertex " << found[0] << " yellow\n";
                cerr << "#kibitz note order " << id << ": " << o.V << " vertices, worth " << o.P << "\n";
                cerr.flush();
                string commit = "COMMIT SOLUTION " + to_string(id) + " " + to_string(o.V);
                for (int v : found) commit += " " + to_string(v);
                s.ask(commit, 1);
            }
            auto score = s.ask("GET SCORE", 1);
            if (score) cerr << "#kibitz value score " << (*score)[0] << endl;
            s.ask("WAIT", 1);
        }
    } catch (Closed&) {
        // the server ended its last game
    }
    return 0;
}
