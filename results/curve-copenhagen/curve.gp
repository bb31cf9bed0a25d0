# balance curve of experiment curve-copenhagen
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0 << EOD
-580.874 0.357500 0.324423 0.386525 "random"
-75.515 0.255000 0.199605 0.319629 "mcts-1000"
-45.036 0.010000 0.002747 0.035722 "greedy"
24.436 0.335000 0.273923 0.402227 "mcts-4000"
273.521 0.017500 0.007354 0.043943 "ab-2"
403.468 0.042500 0.024084 0.076093 "ab-3"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title "curve-copenhagen: attackers' score in self-play, 95% intervals\ncopenhagen: not converged (strongest three: 0.018-0.335, width 0.08)"
set ylabel "attackers' score (wins + draws/2)"
set xlabel "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "copenhagen", \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.440000 with lines dt 4 lw 2 lc rgb "black" title "human games at aagenielsen.dk (0.440)"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title "curve-copenhagen: attackers' score in self-play, 95% intervals\ncopenhagen: not converged (strongest three: 0.018-0.335, width 0.08)"
set ylabel "attackers' score (wins + draws/2)"
set xlabel "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "copenhagen", \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     0.440000 with lines dt 4 lw 2 lc rgb "black" title "human games at aagenielsen.dk (0.440)"

unset output
