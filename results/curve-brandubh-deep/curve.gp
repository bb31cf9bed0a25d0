# balance curve of experiment curve-brandubh-deep
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0 << EOD
0.000 0.012500 0.005351 0.028924 "greedy"
88.276 0.120000 0.091879 0.155308 "mcts-1000"
201.104 0.377500 0.331372 0.425959 "mcts-2000-trained"
213.269 0.047500 0.030617 0.072992 "ab-2"
424.792 0.091250 0.066875 0.123373 "ab-4"
522.391 0.070000 0.048872 0.099309 "ab-6-deep"
596.000 0.052500 0.034592 0.078922 "ab-5-trained-deep"
621.234 0.040000 0.024769 0.063982 "ab-6-trained-deep"
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title 'curve-brandubh-deep: attackers'' score in self-play, 95% intervals'."\n".'brandubh: too little Elo span (strongest 3: spread 0.030 [0.000, 0.069], width 0.08, 99 Elo)'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'brandubh', \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title 'curve-brandubh-deep: attackers'' score in self-play, 95% intervals'."\n".'brandubh: too little Elo span (strongest 3: spread 0.030 [0.000, 0.069], width 0.08, 99 Elo)'
set ylabel "attackers' score (wins + draws/2)"
set xlabel 'rung strength: Bradley-Terry Elo relative to greedy (0 on every ruleset), from games between the rungs'
set yrange [0:1]
set grid
set key below
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title 'brandubh', \
     $r0 using 1:2:5 with labels offset 0,1 font ",8" notitle, \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
