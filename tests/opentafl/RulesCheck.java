// Replays tafl-lab's games (tafl export: OTN game records) in OpenTafl's own rules engine under a
// given rules string and compares every ply (args: RULES FILE.otn [LEGAL]): the move must be
// legal there, capture the same pieces, and end the game where tafl-lab ends it with the same
// result; with LEGAL (tests/opentafl/legalmoves.c: tafl-lab's legal moves before each ply as
// COUNT:HASH, one line per game) OpenTafl's legal move set must be the same at every ply.
// A game is counted once, at its first disagreement, under a category that says what kind it
// is (see tests/opentafl/README.md); the first examples of each are printed. Used by
// tests/opentafl/rules-check.sh and tests/opentafl.sh.
import com.manywords.softworks.tafl.engine.*;
import com.manywords.softworks.tafl.notation.*;
import com.manywords.softworks.tafl.rules.*;
import java.nio.file.*;
import java.util.*;

public class RulesCheck {
    static final int SHOW = 3; // examples printed per category

    // 64-bit FNV-1a, as legalmoves.c (offset basis 14695981039346656037, prime 1099511628211).
    static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    static String square(Coord c) {
        Map<String, String> n = Coord.getChessNotation(c);
        return n.get("file") + n.get("rank");
    }

    // OpenTafl's legal moves for the side to move, as COUNT:HASH.
    static String legal(GameState st) {
        int n = 0;
        long sum = 0;
        for (char t : new ArrayList<>(st.getCurrentSide().getTaflmen())) {
            Coord from = Taflman.getCurrentSpace(st, t);
            if (from == null) continue;
            for (Coord to : Taflman.getAllowableDestinations(st, t)) {
                n++;
                sum += fnv1a(square(from) + "-" + square(to));
            }
        }
        return n + ":" + String.format("%016x", sum);
    }

    static String resultName(int r) {
        switch (r) {
        case GameState.ATTACKER_WIN: return "attackers win";
        case GameState.DEFENDER_WIN: return "defenders win";
        case GameState.DRAW: return "draw";
        default: return r < 0 ? "illegal (" + r + ")" : "game goes on";
        }
    }

    // Why OpenTafl ended the game here: its third repetition, an edge-fort escape (a defenders'
    // win with the king on an edge, not in a corner), or something else.
    static String openTaflEnd(GameState st, int r) {
        if (st.countPositionOccurrences() > 2) return "repetition";
        if (r == GameState.DEFENDER_WIN) {
            for (char t : st.getDefenders().getTaflmen()) {
                if (!Taflman.isKing(t)) continue;
                Coord k = Taflman.getCurrentSpace(st, t);
                if (k != null && st.getBoard().isEdgeSpace(k) && !st.getBoard().getRules().getCornerSpaces().contains(k))
                    return "edge fort";
            }
        }
        return "other";
    }

    public static void main(String[] args) throws Exception {
        Coord.initialize();
        String rulesString = args[0];
        List<String> lines = Files.readAllLines(Paths.get(args[1]));
        List<String> legalLines = args.length > 2 ? Files.readAllLines(Paths.get(args[2])) : null;
        List<List<String>> games = new ArrayList<>();
        List<String> results = new ArrayList<>(), terms = new ArrayList<>();
        List<String> cur = null;
        for (String l : lines) {
            if (l.startsWith("[event:")) { cur = new ArrayList<>(); games.add(cur); results.add("?"); terms.add("?"); continue; }
            if (l.startsWith("[result:")) { results.set(games.size() - 1, l.substring(8, l.length() - 1)); continue; }
            if (l.startsWith("[termination:")) { terms.set(games.size() - 1, l.substring(13, l.length() - 1)); continue; }
            if (l.startsWith("[") || l.isEmpty() || cur == null) continue;
            for (String t : l.trim().split("\\s+")) if (!t.matches("\\d+\\.")) cur.add(t);
        }
        if (legalLines != null && legalLines.size() != games.size())
            throw new IllegalStateException("legal move file has " + legalLines.size() + " lines for " + games.size() + " games");
        long plies = 0, compared = 0;
        Map<String, Integer> count = new TreeMap<>();
        Map<String, Integer> ends = new TreeMap<>(); // how tafl-lab's games ended, all compared
        for (String t : terms) ends.merge(t, 1, Integer::sum);
        List<String> shown = new ArrayList<>();
        for (int gi = 0; gi < games.size(); gi++) {
            Rules rules = RulesSerializer.loadRulesRecord(rulesString);
            Game g = new Game(rules, null);
            List<String> moves = games.get(gi);
            String[] ours = legalLines == null ? null : legalLines.get(gi).trim().isEmpty() ? new String[0] : legalLines.get(gi).trim().split(" ");
            String res = results.get(gi), term = terms.get(gi);
            // The end tafl-lab gives the last move, if a rule ended the game there.
            boolean ruleEnd = !term.equals("max_plies") && !term.equals("?") && !term.equals("ongoing");
            int want = res.equals("1") ? GameState.ATTACKER_WIN : res.equals("-1") ? GameState.DEFENDER_WIN : GameState.DRAW;
            for (int i = 0; i < moves.size(); i++) {
                String t = moves.get(i);
                String mark = t.endsWith("++") ? "++" : t.endsWith("--") ? "--" : "";
                String bare = t.replaceAll("[+-]+$", "");
                String[] mc = bare.split("x", 2);
                Set<String> wantCaps = new TreeSet<>();
                if (mc.length > 1) wantCaps.addAll(Arrays.asList(mc[1].split("/")));
                GameState before = g.getCurrentState();
                String pos = PositionSerializer.getPositionRecord(before.getBoard());
                String cat = null, why = null;
                if (ours != null) {
                    String theirs = legal(before);
                    compared++;
                    if (i >= ours.length) { cat = "legal moves: replay"; why = "tafl-lab's replay stopped before this ply"; }
                    else if (!theirs.equals(ours[i])) { cat = "legal moves"; why = "legal moves " + theirs + " in OpenTafl, " + ours[i] + " in tafl-lab (count:hash)"; }
                }
                MoveRecord m = MoveSerializer.loadMoveRecord(rules.boardSize, mc[0]);
                int r = cat != null ? 0 : before.makeMove(m);
                plies++;
                boolean last = i == moves.size() - 1;
                if (cat != null) {
                } else if (r < 0) { cat = "illegal in OpenTafl"; why = "illegal in OpenTafl (" + r + ")"; }
                else {
                    GameState after = g.getCurrentState();
                    Set<String> got = new TreeSet<>();
                    MoveRecord e = after.getEnteringMove();
                    if (e != null && e.captures != null) for (Coord c : e.captures) got.add(square(c));
                    // OpenTafl lists the captured king among the captures; tafl-lab marks it ++.
                    if (mark.equals("++") && got.size() == wantCaps.size() + 1 && got.containsAll(wantCaps)) got = wantCaps;
                    boolean over = r == GameState.ATTACKER_WIN || r == GameState.DEFENDER_WIN || r == GameState.DRAW;
                    if (!got.equals(wantCaps)) { cat = "captures"; why = "captures " + got + " in OpenTafl, " + wantCaps + " in tafl-lab"; }
                    else if (last && ruleEnd && r != want) {
                        String otEnd = over ? openTaflEnd(after, r) : "none";
                        cat = term.equals("repetition") ? "end: repetition, " + (over ? resultName(r) + " in OpenTafl" : "game goes on in OpenTafl")
                            : term.equals("edge_fort") ? "end: tafl-lab's edge fort"
                            : term.equals("draw_fort") ? "end: tafl-lab's draw fort (no OTN key)"
                            : "end: " + term + " (OpenTafl: " + otEnd + ")";
                        why = "tafl-lab ends it (" + term + ", result " + res + "), OpenTafl: " + resultName(r);
                    } else if (!(last && ruleEnd) && over) {
                        String otEnd = openTaflEnd(after, r);
                        cat = "end in OpenTafl only: " + otEnd;
                        why = "game over in OpenTafl (" + resultName(r) + ", " + otEnd + "), not in tafl-lab";
                    }
                }
                if (cat != null) {
                    count.merge(cat, 1, Integer::sum);
                    if (count.get(cat) <= SHOW)
                        shown.add("[" + cat + "] game " + gi + " ply " + (i + 1) + " " + t + ": " + why + " | before " + pos + " after "
                                  + PositionSerializer.getPositionRecord(g.getCurrentState().getBoard()));
                    break;
                }
            }
        }
        int bad = count.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("games " + games.size() + " plies " + plies + " legal-sets " + compared + " disagreements " + bad);
        StringBuilder endText = new StringBuilder("  tafl-lab's ends:");
        for (Map.Entry<String, Integer> x : ends.entrySet()) endText.append(" ").append(x.getKey()).append(" ").append(x.getValue());
        System.out.println(endText);
        for (Map.Entry<String, Integer> e : count.entrySet()) System.out.println("  " + e.getValue() + " " + e.getKey());
        for (String s : shown) System.out.println("  " + s);
    }
}
