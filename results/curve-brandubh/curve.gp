# balance curve of experiment curve-brandubh
# Written by tafl; run `gnuplot curve.gp` in this directory to redraw curve.png and curve.svg.
$r0 << EOD
0 0.290000 0.210148 0.385389
1 0.020000 0.003539 0.104954
2 0.040000 0.011039 0.134601
3 0.000000 0.000000 0.071348
4 0.000000 0.000000 0.071348
5 0.460000 0.365608 0.557351
6 0.130000 0.077572 0.209804
7 0.350000 0.263642 0.447456
8 0.040000 0.011039 0.134601
9 0.350000 0.263642 0.447456
10 0.120000 0.056176 0.238048
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "curve.png"
set title "curve-brandubh: attackers' win rate in self-play, 95% intervals"
set ylabel "attackers' win rate"
set xlabel "agent (self-play)"
set yrange [0:1]
set grid
set key outside right top
set xtics rotate by 30 right
set xtics ("random" 0, "greedy" 1, "mcts-100" 2, "mcts-1000" 3, "mcts-10000" 4, "ab-1" 5, "ab-2" 6, "ab-3" 7, "ab-4" 8, "ab-5" 9, "ab-6" 10)
set xrange [-0.3:10.3]
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "brandubh", \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
set terminal svg size 960,600 noenhanced
set output "curve.svg"
set title "curve-brandubh: attackers' win rate in self-play, 95% intervals"
set ylabel "attackers' win rate"
set xlabel "agent (self-play)"
set yrange [0:1]
set grid
set key outside right top
set xtics rotate by 30 right
set xtics ("random" 0, "greedy" 1, "mcts-100" 2, "mcts-1000" 3, "mcts-10000" 4, "ab-1" 5, "ab-2" 6, "ab-3" 7, "ab-4" 8, "ab-5" 9, "ab-6" 10)
set xrange [-0.3:10.3]
plot $r0 using 1:3:4 with filledcurves fs transparent solid 0.15 lt 1 notitle, \
     $r0 using 1:2 with linespoints pt 7 lw 2 lt 1 title "brandubh", \
     0.5 with lines dt 2 lc rgb "gray" title "balanced"

unset output
