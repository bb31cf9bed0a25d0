# move-limit knob of experiment design-brandubh-trained
# Written by tafl; run `gnuplot knob.gp` in this directory to redraw knob.png and knob.svg.
$knob << EOD
16 0.900000 0.786398 0.956524
20 0.760000 0.625873 0.857026
24 0.535000 0.486020 0.583314
28 0.457500 0.409314 0.506495
32 0.260000 0.158715 0.395532
36 0.240000 0.142974 0.374127
40 0.280000 0.201397 0.374880
50 0.140000 0.069508 0.261862
EOD
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
    set terminal pngcairo size 960,600 noenhanced
} else {
    set terminal png size 960,600 noenhanced
}
set output "knob.png"
set title 'design-brandubh-trained: the move-limit knob (a game reaching the limit goes to the attackers)'."\n".'logistic fit: score 1/2 at 26.6, 95% Fieller interval [24.2, 28.8] (ok)'
set xlabel "move limit (max_plies)"
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [11:55]
set grid
set key below
set object 1 rect from 24.173259, graph 0 to 28.804956, graph 1 fc rgb "#ffcc80" fs transparent solid 0.3 noborder behind
plot 0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     $knob using 1:2:3:4 with yerrorbars pt 7 lc rgb "#1f77b4" title "race games, 95% intervals", \
     1 / (1 + exp(-(2.601228227 + -0.09778766503 * x))) with lines lw 2 lc rgb "#d62728" title "logistic fit", \
     '+' using (26.600781):(0.5) with points pt 9 ps 2 lc rgb "black" title "crossing (band: its interval)"

unset output
set terminal svg size 960,600 noenhanced
set output "knob.svg"
set title 'design-brandubh-trained: the move-limit knob (a game reaching the limit goes to the attackers)'."\n".'logistic fit: score 1/2 at 26.6, 95% Fieller interval [24.2, 28.8] (ok)'
set xlabel "move limit (max_plies)"
set ylabel "attackers' score (wins + draws/2)"
set yrange [0:1]
set xrange [11:55]
set grid
set key below
set object 1 rect from 24.173259, graph 0 to 28.804956, graph 1 fc rgb "#ffcc80" fs transparent solid 0.3 noborder behind
plot 0.5 with lines dt 2 lc rgb "gray" title "balanced", \
     $knob using 1:2:3:4 with yerrorbars pt 7 lc rgb "#1f77b4" title "race games, 95% intervals", \
     1 / (1 + exp(-(2.601228227 + -0.09778766503 * x))) with lines lw 2 lc rgb "#d62728" title "logistic fit", \
     '+' using (26.600781):(0.5) with points pt 9 ps 2 lc rgb "black" title "crossing (band: its interval)"

unset output
