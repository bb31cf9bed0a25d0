# balance curve of experiment curve-brandubh
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0f0 << EOD
-759.051 0.275000 0.218501 0.339873 "random"
EOD
$r0f1 << EOD
0.000 0.010000 0.002747 0.035722 "greedy"
EOD
$r0f2 << EOD
86.889 0.097500 0.063891 0.146176 "mcts-1000"
155.518 0.040000 0.020406 0.076932 "mcts-4000"
EOD
$r0f4 << EOD
198.293 0.035000 0.017056 0.070471 "ab-2"
287.033 0.085000 0.053746 0.131896 "ab-3"
361.096 0.075000 0.045975 0.120044 "ab-4"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title 'curve-brandubh: attackers'' score in self-play, 95% intervals'."\n".'brandubh: too little Elo span (strongest 3: spread 0.050 [0.000, 0.108], width 0.08, 163 Elo)'."\n".'brandubh: direction defenders, trend +0.028 per 100 Elo [+0.001, +0.056] among the strongest 3'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0f0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0f0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'brandubh: random', \
     $r0f0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f1 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 2 notitle, \
     $r0f1 using 1:2 with linespoints pt 7 lw 2 lt 2 title 'brandubh: greedy (hand)', \
     $r0f1 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f2 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 3 notitle, \
     $r0f2 using 1:2 with linespoints pt 7 lw 2 lt 3 title 'brandubh: mcts (hand)', \
     $r0f2 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f4 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 4 notitle, \
     $r0f4 using 1:2 with linespoints pt 7 lw 2 lt 4 title 'brandubh: alphabeta (hand)', \
     $r0f4 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title 'curve-brandubh: attackers'' score in self-play, 95% intervals'."\n".'brandubh: too little Elo span (strongest 3: spread 0.050 [0.000, 0.108], width 0.08, 163 Elo)'."\n".'brandubh: direction defenders, trend +0.028 per 100 Elo [+0.001, +0.056] among the strongest 3'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0f0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0f0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'brandubh: random', \
     $r0f0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f1 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 2 notitle, \
     $r0f1 using 1:2 with linespoints pt 7 lw 2 lt 2 title 'brandubh: greedy (hand)', \
     $r0f1 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f2 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 3 notitle, \
     $r0f2 using 1:2 with linespoints pt 7 lw 2 lt 3 title 'brandubh: mcts (hand)', \
     $r0f2 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     $r0f4 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 4 notitle, \
     $r0f4 using 1:2 with linespoints pt 7 lw 2 lt 4 title 'brandubh: alphabeta (hand)', \
     $r0f4 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
