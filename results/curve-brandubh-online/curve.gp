# balance curve of experiment curve-brandubh-online
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0 << EOD
-921.400 0.272500 0.216043 0.337451 "random"
-72.732 0.010000 0.002747 0.035722 "greedy"
46.378 0.225000 0.172624 0.287741 "mcts-1000"
113.203 0.080000 0.049841 0.125989 "mcts-4000"
162.166 0.090000 0.057687 0.137766 "ab-2"
287.158 0.190000 0.141672 0.250012 "ab-3"
385.227 0.165000 0.119969 0.222658 "ab-4"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title "curve-brandubh-online: attackers' score in self-play, 95% intervals\nbrandubh-online: not converged (strongest three: 0.090-0.190, width 0.08)"
set ylabel "attackers' score (wins + draws/2)"
set xlabel "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "brandubh-online", \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.430000 with lines dt 4 lw 2 lc rgb "black" title "online games (Gorrion, 57% king wins) (0.430)"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title "curve-brandubh-online: attackers' score in self-play, 95% intervals\nbrandubh-online: not converged (strongest three: 0.090-0.190, width 0.08)"
set ylabel "attackers' score (wins + draws/2)"
set xlabel "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "brandubh-online", \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.430000 with lines dt 4 lw 2 lc rgb "black" title "online games (Gorrion, 57% king wins) (0.430)"

unset output
