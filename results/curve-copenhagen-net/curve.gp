# balance curve of experiment curve-copenhagen-net
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0 << EOD
-50.292 0.297500 0.254798 0.344055 "mcts-1000"
0.000 0.015000 0.006892 0.032335 "greedy"
71.751 0.373750 0.327933 0.421959 "mcts-4000"
74.357 0.040000 0.024769 0.063982 "mcts-2000-trained"
307.810 0.105000 0.082377 0.133727 "ab-2"
589.491 0.185000 0.152502 0.223008 "ab-3"
657.669 0.186250 0.152375 0.225872 "ab-3-trained"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title 'curve-copenhagen-net: attackers'' score in self-play, 95% intervals'."\n".'copenhagen: not converged (strongest 3: spread 0.081 [0.026, 0.136], width 0.08, 350 Elo)'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'copenhagen', \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.440000 with lines dt 4 lw 2 lc rgb "black" title 'human games at aagenielsen.dk (0.440)'

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title 'curve-copenhagen-net: attackers'' score in self-play, 95% intervals'."\n".'copenhagen: not converged (strongest 3: spread 0.081 [0.026, 0.136], width 0.08, 350 Elo)'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'copenhagen', \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.440000 with lines dt 4 lw 2 lc rgb "black" title 'human games at aagenielsen.dk (0.440)'

unset output
