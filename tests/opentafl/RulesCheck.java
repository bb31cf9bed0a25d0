// Replays tafl-lab's games (tafl export: OTN game records) in OpenTafl's own rules engine under a
// given rules string (args: RULES FILE.otn): every move must be legal there, capture the same
// pieces, and end the game where tafl-lab ends it. Used by tests/opentafl/rules-check.sh.
import com.manywords.softworks.tafl.engine.*;
import com.manywords.softworks.tafl.notation.*;
import com.manywords.softworks.tafl.rules.*;
import java.nio.file.*;
import java.util.*;

public class RulesCheck {
    public static void main(String[] args) throws Exception {
        Coord.initialize();
        String rulesString = args[0];
        List<String> lines = Files.readAllLines(Paths.get(args[1]));
        List<List<String>> games = new ArrayList<>();
        List<String> results = new ArrayList<>();
        List<String> cur = null;
        for (String l : lines) {
            if (l.startsWith("[event:")) { cur = new ArrayList<>(); games.add(cur); continue; }
            if (l.startsWith("[result:")) { results.add(l.substring(8, l.length() - 1)); continue; }
            if (l.startsWith("[") || l.isEmpty() || cur == null) continue;
            for (String t : l.trim().split("\\s+")) if (!t.matches("\\d+\\.")) cur.add(t);
        }
        int plies = 0, bad = 0, shown = 0;
        for (int gi = 0; gi < games.size(); gi++) {
            Rules rules = RulesSerializer.loadRulesRecord(rulesString);
            Game g = new Game(rules, null);
            List<String> moves = games.get(gi);
            for (int i = 0; i < moves.size(); i++) {
                String t = moves.get(i);
                String mark = t.endsWith("++") ? "++" : t.endsWith("--") ? "--" : "";
                String bare = t.replaceAll("[+-]+$", "");
                String[] mc = bare.split("x", 2);
                Set<String> want = new TreeSet<>();
                if (mc.length > 1) want.addAll(Arrays.asList(mc[1].split("/")));
                MoveRecord m = MoveSerializer.loadMoveRecord(rules.boardSize, mc[0]);
                String before = PositionSerializer.getPositionRecord(g.getCurrentState().getBoard());
                int r = g.getCurrentState().makeMove(m);
                plies++;
                String why = null;
                if (r < 0) why = "illegal in OpenTafl (" + r + ")";
                else {
                    Set<String> got = new TreeSet<>();
                    MoveRecord e = g.getCurrentState().getEnteringMove();
                    if (e != null && e.captures != null)
                        for (Coord c : e.captures) {
                            Map<String, String> n = Coord.getChessNotation(c);
                            got.add(n.get("file") + n.get("rank"));
                        }
                    // OpenTafl lists the captured king among the captures; tafl-lab marks it ++.
                    if (mark.equals("++") && got.size() == want.size() + 1 && got.containsAll(want)) got = want;
                    if (!got.equals(want)) why = "captures " + got + " in OpenTafl, " + want + " in tafl-lab";
                    else if (mark.equals("++") && r != GameState.ATTACKER_WIN) why = "king captured in tafl-lab, result " + r + " in OpenTafl";
                    else if (mark.equals("--") && r != GameState.DEFENDER_WIN) why = "king escaped in tafl-lab, result " + r + " in OpenTafl";
                    else if (i == moves.size() - 1 && ((results.get(gi).equals("1") && r == GameState.ATTACKER_WIN) || (results.get(gi).equals("-1") && r == GameState.DEFENDER_WIN)))
                        why = null; // the same end, found another way (no moves, encirclement)
                    else if (mark.isEmpty() && (r == GameState.ATTACKER_WIN || r == GameState.DEFENDER_WIN)) why = "game over in OpenTafl (" + r + "), not in tafl-lab";
                }
                if (why != null) {
                    bad++;
                    if (shown++ < 3) System.out.println("game " + gi + " ply " + (i + 1) + " " + t + ": " + why + " | before " + before + " after " + PositionSerializer.getPositionRecord(g.getCurrentState().getBoard()));
                    break;
                }
            }
        }
        System.out.println("games " + games.size() + " plies " + plies + " disagreements " + bad);
    }
}
