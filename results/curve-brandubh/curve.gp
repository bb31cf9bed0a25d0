# balance curve of experiment curve-brandubh
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0 << EOD
-806.162 0.275000 0.218501 0.339873 "random"
-47.111 0.010000 0.002747 0.035722 "greedy"
39.778 0.097500 0.063891 0.146176 "mcts-1000"
108.407 0.040000 0.020406 0.076932 "mcts-4000"
151.182 0.035000 0.017056 0.070471 "ab-2"
239.922 0.085000 0.053746 0.131896 "ab-3"
313.985 0.075000 0.045975 0.120044 "ab-4"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title "curve-brandubh: attackers' score in self-play, 95% intervals\nbrandubh: converged (strongest three: 0.035-0.085, width 0.08)"
set ylabel "attackers' score (wins + draws/2)"
set xlabel "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "brandubh", \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title "curve-brandubh: attackers' score in self-play, 95% intervals\nbrandubh: converged (strongest three: 0.035-0.085, width 0.08)"
set ylabel "attackers' score (wins + draws/2)"
set xlabel "rung strength: Bradley-Terry Elo from games between the rungs (mean 0)"
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "brandubh", \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
